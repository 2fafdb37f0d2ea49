import type { Role, SessionClaims } from './claims';

/**
 * Who this request comes from, read once from the session cookies by the session middleware
 * (`locals.session`). Everything else (the header, the route guard, the cart's flags, the spec's
 * current-user flags) is derived from it.
 */
export type Session =
  /**
   * `lapsed`: the readable claims of a session whose tokens are gone (a logged-out admin is told apart by them).
   * `guestAuthFailed`: a guest record is stored but is no record (the literal text "undefined").
   */
  | { kind: 'anonymous'; lapsed?: SessionClaims; guestAuthFailed?: true }
  /** A guest record: the basket number guest authorization was given for. */
  | { kind: 'guest'; basketNum: string }
  | { kind: 'customer'; claims: SessionClaims }
  | { kind: 'subscriber'; claims: SessionClaims };

export type SignedInSession = Extract<Session, { kind: 'customer' | 'subscriber' }>;

export interface SessionCookies {
  /** The readable claims cookie, or the claims of the access token when that cookie is missing. */
  claims: SessionClaims | null;
  /** An access or refresh token cookie this host set (see sessionTokensOf). */
  hasToken: boolean;
  /** The httpOnly guest record: the basket number of the guest authorization. */
  guestRecord: string | undefined;
}

/** A guest record counts only when present and not the literal text "undefined". */
export function isGuestRecord(value: string | undefined | null): value is string {
  return typeof value === 'string' && value !== '' && value !== 'undefined';
}

/**
 * A guest record makes a guest whatever else is sent; claims count only beside a token, and a
 * role of 'guest' in them never signs anyone in. Without a token the claims are only remembered.
 */
export function sessionOf({ claims, hasToken, guestRecord }: SessionCookies): Session {
  if (isGuestRecord(guestRecord)) return { kind: 'guest', basketNum: guestRecord };
  if (claims && hasToken && claims.role !== 'guest')
    return { kind: claims.role === 'subscriber' ? 'subscriber' : 'customer', claims };
  return {
    kind: 'anonymous',
    ...(claims ? { lapsed: claims } : {}),
    ...(guestRecord === undefined || guestRecord === '' ? {} : { guestAuthFailed: true }),
  };
}

export function isSignedIn(session: Session): session is SignedInSession {
  return session.kind === 'customer' || session.kind === 'subscriber';
}

/** The role route permissions are checked against: a guest's is 'guest', an anonymous visitor has none. */
export function sessionRole(session: Session): Role | undefined {
  if (session.kind === 'guest') return 'guest';
  return isSignedIn(session) ? session.claims.role : undefined;
}
