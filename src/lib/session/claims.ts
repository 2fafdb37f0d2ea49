import { isFields, optionalText, optionalTextOrNumber } from '~/lib/api/read';
import { isOneOf } from '~/lib/is-one-of';

export const ROLES = ['subscriber', 'customer', 'acai', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** What page code may know of the signed-in person; carried in the readable claims cookie. */
export interface SessionClaims {
  userid?: string | number;
  firstName?: string;
  lastName?: string;
  email?: string;
  role: Role;
  department?: string;
  guest?: boolean;
}

const isRole = (value: unknown): value is Role => isOneOf(ROLES, value);

/** The one reading of a role: an unknown or missing role is a subscriber's. */
export function parseRole(value: unknown): Role {
  return isRole(value) ? value : 'subscriber';
}

/** Claims from any value: fields of the wrong kind are left out, an unknown role is a subscriber. */
export function readClaims(value: unknown): SessionClaims | null {
  if (!isFields(value)) return null;
  const claims: SessionClaims = { role: parseRole(value['role']) };
  const userid = optionalTextOrNumber(value['userid']);
  if (userid !== undefined) claims.userid = userid;
  for (const key of ['firstName', 'lastName', 'email', 'department'] as const) {
    const text = optionalText(value[key]);
    if (text !== undefined) claims[key] = text;
  }
  if (typeof value['guest'] === 'boolean') claims.guest = value['guest'];
  return claims;
}

export function encodeClaims(claims: SessionClaims): string {
  return encodeURIComponent(JSON.stringify(claims));
}

/** Reads the claims cookie; anything unreadable counts as no session. */
export function decodeClaims(raw: string | undefined): SessionClaims | null {
  if (!raw) return null;
  try {
    return readClaims(JSON.parse(decodeURIComponent(raw)));
  } catch {
    return null;
  }
}
