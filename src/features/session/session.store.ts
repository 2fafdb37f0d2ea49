import { atom } from 'nanostores';
import { onLoggedOut } from '~/lib/api/client';
import { sendNotice } from '~/lib/api/notify';
import type { Translate } from '~/lib/i18n/translate';
import { decodeClaims, type SessionClaims } from './claims';
import { COOKIES } from './cookies';
import { anonymousUser, deriveSession, type CurrentUser } from './session';
import { getGuest } from '~/lib/store-api/calls';
import { failureStatus, type Failure } from '~/lib/store-api/result';
import type { GuestRecord } from '~/lib/store-api/guest';

/** The current user; islands read it, only the actions below change it. */
export const $session = atom<CurrentUser>(anonymousUser);

const clearedListeners = new Set<() => void>();

/** Other stores (cart) flush their state here when the session ends. */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export function readClaimsCookie(cookieString: string): SessionClaims | null {
  const entry = cookieString
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIES.claims}=`));
  return decodeClaims(entry?.slice(COOKIES.claims.length + 1));
}

/** The session as page JavaScript can see it: the readable claims cookie and the address. */
export function sessionFromDocument(): CurrentUser {
  const claims = readClaimsCookie(globalThis.document?.cookie ?? '');
  return deriveSession({
    claims,
    // Tokens are httpOnly; the proxy sets and clears the claims cookie together with them.
    hasToken: claims !== null && claims.guest !== true,
    guestRecord: claims?.guest === true ? 'guest' : undefined,
    query: new URLSearchParams(globalThis.location?.search ?? ''),
  });
}

/** Pages hand the server's view of the session to their islands. */
export function initSession(user: CurrentUser): void {
  $session.set(user);
}

export function clearSession(): void {
  $session.set(anonymousUser);
  for (const listener of clearedListeners) listener();
}

onLoggedOut(clearSession);

export type GuestAuthorization =
  | { state: 'authorized'; record: GuestRecord }
  /** The basket has no guest record (a guest buying again has a new basket). */
  | { state: 'missing' }
  | { state: 'unavailable'; failure: Failure };

/**
 * Guest authorization on: a guest record must exist for the basket, else the cart state is
 * flushed and, given the page's texts, "Guest authorization error" is shown (shopping §4). A call
 * that could not be answered changes nothing, so the page can offer a retry.
 */
export async function authorizeGuest(basketNum: string, t?: Translate): Promise<GuestAuthorization> {
  const result = await getGuest(basketNum);
  if (result.ok) {
    $session.set(sessionFromDocument());
    return { state: 'authorized', record: result.value };
  }
  if (failureStatus(result.failure) !== 404) return { state: 'unavailable', failure: result.failure };
  clearSession();
  if (t) sendNotice({ text: t('session.guestAuthError'), type: 'error' });
  return { state: 'missing' };
}
