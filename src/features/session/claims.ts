import { z } from 'zod/mini';

export const ROLES = ['subscriber', 'customer', 'acai', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** What page code may know of the signed-in person; carried in the readable claims cookie. */
export const claimsSchema = z.object({
  userid: z.optional(z.union([z.string(), z.number()])),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.optional(z.string()),
  role: z.catch(z.enum(ROLES), 'subscriber'),
  department: z.optional(z.string()),
  guest: z.optional(z.boolean()),
});
export type SessionClaims = z.infer<typeof claimsSchema>;

export function encodeClaims(claims: SessionClaims): string {
  return encodeURIComponent(JSON.stringify(claims));
}

/** Reads the claims cookie; anything unreadable counts as no session. */
export function decodeClaims(raw: string | undefined): SessionClaims | null {
  if (!raw) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type Viewer = 'anonymous' | 'guest' | 'customer';

/** Which header the person sees: a signed-in menu, the guest exit, or a log-in link. */
export function viewerOf(claims: SessionClaims | null, hasAccessToken: boolean, guestRecord: string | undefined): Viewer {
  if (isGuestRecord(guestRecord)) return 'guest';
  if (claims && hasAccessToken && claims.role !== 'guest') return 'customer';
  return 'anonymous';
}

/** A guest record counts only when present and not the literal text "undefined". */
export function isGuestRecord(value: string | undefined | null): boolean {
  return typeof value === 'string' && value !== '' && value !== 'undefined';
}
