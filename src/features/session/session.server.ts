import type { AstroCookies } from 'astro';
import { config } from '~/config';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { failureAnswer, sendFromServer } from '~/lib/store-api/server';
import { errorText } from '~/lib/api/errors';
import { isStoreOutage } from '~/lib/http/unavailable';
import { TOKEN_PREFIX } from '~/lib/session/renewal';
import { CLIENT_ADDRESS_HEADER, visitorAddress, visitorHeaders } from '~/lib/server/client-address';
import { LOGIN_ROLE, recoverFailureMessage, type RecoverResult } from './session';
import { applyCookies, secureCookiesFor } from '~/lib/session/cookie-options';
import { clearedAuthCookies, loggedOutCookies, signInCookies } from '~/lib/session/session-cookies';
import { claimsFromUser } from '~/lib/session/login-answer';
import { isUnreadableAnswer } from '~/lib/store-api/result';
import { sessionTokensOf } from '~/lib/session/tokens';
import type { Role } from '~/lib/session/claims';

/** The session's server side: the session actions (every session form posts to them) and the guard's logout. */
interface ServerContext {
  cookies: AstroCookies;
  url: URL;
  readonly clientAddress?: string;
}

const RATE_LIMIT_HEADER = 'X-Disable-Rate-Limit';

function secure(context: ServerContext): boolean {
  return secureCookiesFor(context.url);
}

export type ServerLoginResult = { ok: true; role: Role } | { ok: false; status: number; error: string };

export async function serverLogin(
  context: ServerContext,
  fields: { username: string; password: string },
  options: { disableRateLimit?: boolean } = {},
): Promise<ServerLoginResult> {
  const headers: Record<string, string> = {};
  if (options.disableRateLimit && config.PUBLIC_APP_ENV !== 'production') headers[RATE_LIMIT_HEADER] = '1';
  const client = visitorAddress(context);
  if (client) headers[CLIENT_ADDRESS_HEADER] = client;
  const result = await sendFromServer(ENDPOINTS.login, {
    body: { tokenPrefix: TOKEN_PREFIX, username: fields.username, password: fields.password, role: LOGIN_ROLE },
    headers,
  });
  if (!result.ok) {
    if (isUnreadableAnswer(result.failure)) return { ok: false, status: 502, error: 'bad login answer' };
    const { status, message } = failureAnswer(result.failure);
    return { ok: false, status, error: message };
  }
  applyCookies(context.cookies, signInCookies(result.value, secure(context)));
  return { ok: true, role: claimsFromUser(result.value.user).role };
}

/**
 * Asks the store for a password reset of a checked address; its answer text is shown as it came.
 * A store API that is out (no answer, 502, 503, 504) is an outage, which the page answers 503.
 */
export async function serverRecoverPassword(
  context: { readonly clientAddress?: string },
  email: string,
): Promise<RecoverResult> {
  // The visitor's address: the store limits reset requests per visitor as well as per address.
  const answer = await sendFromServer(ENDPOINTS.userPasswordReset, {
    body: { email },
    headers: visitorHeaders(context),
  });
  if (answer.ok) return { ok: true, message: answer.value ? { text: answer.value } : { key: 'common.success' } };
  const { status, body } = failureAnswer(answer.failure);
  return { ok: false, email, message: recoverFailureMessage(status, errorText(body)), outage: isStoreOutage(status) };
}

/** Ends the session upstream; a 401 there means it was already over, so it ends here too. */
export async function serverLogout(context: ServerContext): Promise<boolean> {
  const { access: token, refresh: refreshToken } = sessionTokensOf(context.cookies, secure(context));
  if (token || refreshToken) {
    const result = await sendFromServer(ENDPOINTS.logout, {
      token,
      body: { tokenPrefix: TOKEN_PREFIX, refreshToken: refreshToken ?? '' },
    });
    if (!result.ok && failureAnswer(result.failure).status !== 401) return false;
  }
  applyCookies(context.cookies, loggedOutCookies(secure(context)));
  return true;
}

/** Removes the auth token (continue as guest, create account). */
export function dropTokens(context: ServerContext): void {
  applyCookies(context.cookies, clearedAuthCookies(secure(context)));
}

/** Ends the guest session, and with it everything of that guest on this machine. */
export function endGuestSession(context: ServerContext): void {
  applyCookies(context.cookies, loggedOutCookies(secure(context)));
}
