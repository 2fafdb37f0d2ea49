import { atom } from 'nanostores';
import { onLoggedOut, type ApiResult } from '~/lib/api/client';
import { errorText } from '~/lib/api/errors';
import { notify } from '~/lib/api/notify';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { decodeClaims, ROLES, type Role, type SessionClaims } from './claims';
import { COOKIES } from './cookies';
import { anonymousUser, deriveSession, loginErrorKey, loginTarget, type CurrentUser, type LoginFields } from './session';
import { guestRecordCall, loginCall, logoutCall } from './session.api';

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

export type LoginOutcome = { ok: true; target: string; role: Role } | { ok: false; message: string };

function roleOf(value: unknown): Role {
  return (ROLES as readonly string[]).includes(String(value)) ? (value as Role) : 'subscriber';
}

export async function login(fields: LoginFields, options: { t: Translate; redirect?: string | null; disableRateLimit?: boolean }): Promise<LoginOutcome> {
  const result = await loginCall(fields, options.disableRateLimit);
  if (!result.ok) {
    const key = loginErrorKey(result.status);
    return { ok: false, message: key ? options.t(key) : errorText(result.body, options.t('common.somethingWentWrong')) };
  }
  const role = roleOf(result.body.user?.role);
  $session.set(sessionFromDocument());
  return { ok: true, role, target: loginTarget(role, options.redirect) };
}

/**
 * Logout clears the user and cart state, the tokens and the session cookie, and goes to the
 * login page with the return page; a failure other than 401 keeps everything and says so.
 */
export async function logout(options: { t: Translate; locale: Locale; returnTo?: string; navigate?: (path: string) => void }): Promise<boolean> {
  const result = await logoutCall();
  if (!result.ok && result.status !== 401) {
    notify({ text: options.t('session.notLoggedOut'), type: 'error' });
    return false;
  }
  clearSession();
  const query = new URLSearchParams({ logOut: 'true' });
  if (options.returnTo) query.set('redirect', options.returnTo);
  (options.navigate ?? ((path: string) => globalThis.location.assign(path)))(`${localizedPath('/login/', options.locale)}?${query.toString()}`);
  return true;
}

export type GuestAuthorization =
  | { state: 'authorized'; record: Record<string, unknown> }
  /** The basket has no guest record (a guest buying again has a new basket). */
  | { state: 'missing' }
  | { state: 'unavailable'; result: ApiResult<unknown> };

/**
 * Guest authorization on: a guest record must exist for the basket, else the cart state is
 * flushed and, given the page's texts, "Guest authorization error" is shown (shopping §4). A call
 * that could not be answered changes nothing, so the page can offer a retry.
 */
export async function authorizeGuest(basketNum: string, t?: Translate): Promise<GuestAuthorization> {
  const result = await guestRecordCall(basketNum);
  if (result.ok && typeof result.body === 'object' && result.body !== null && !Array.isArray(result.body)) {
    $session.set(sessionFromDocument());
    return { state: 'authorized', record: result.body };
  }
  if (result.status !== 404) return { state: 'unavailable', result };
  clearSession();
  if (t) notify({ text: t('session.guestAuthError'), type: 'error' });
  return { state: 'missing' };
}
