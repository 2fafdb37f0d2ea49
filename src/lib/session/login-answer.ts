import type { SessionUser } from '~/lib/store-api/session';
import { parseRole, type SessionClaims } from './claims';

/** The claims the readable session cookie keeps of the person a login or a token names. */
export function claimsFromUser(user: SessionUser | undefined): SessionClaims {
  const claims: SessionClaims = { role: parseRole(user?.role), guest: false };
  const userid = user?.userid ?? user?.id;
  if (userid !== undefined) claims.userid = userid;
  if (user?.firstName !== undefined) claims.firstName = user.firstName;
  if (user?.lastName !== undefined) claims.lastName = user.lastName;
  if (user?.department !== undefined) claims.department = user.department;
  return claims;
}
