import type { APIContext, MiddlewareHandler } from 'astro';
import { decodeJwt } from 'jose';
import { config } from '~/config';
import { stores } from '~/stores';
import { type SessionClaims, decodeClaims } from '~/lib/session/claims';
import { applyCookies, DELETE_COOKIE_OPTIONS, secureCookiesFor, siteCookieOptions } from '~/lib/session/cookie-options';
import { claimsCookie } from '~/lib/session/session-cookies';
import { claimsFromUser } from '~/lib/session/login-answer';
import { sessionTokensOf } from '~/lib/session/tokens';
import { sessionOf, type Session } from '~/lib/session/session';
import { COOKIES, LEGACY_COOKIES, LEGACY_TOKEN_COOKIES, tokenCookieNames } from '~/lib/session/cookie-names';

/**
 * A token without a claims cookie (left by an older release) still names its person: the claims
 * are read from the token's payload and the readable cookie is written again.
 */
function claimsFromAccessToken(context: APIContext, token: string | undefined): SessionClaims | null {
  if (!token) return null;
  try {
    const claims = claimsFromUser(decodeJwt(token));
    applyCookies(context.cookies, [claimsCookie(claims, secureCookiesFor(context.url))]);
    return claims;
  } catch {
    return null;
  }
}

/**
 * Token cookies this request must not be signed in by: older releases' names always, and over
 * https the bare names too (only the `__Host-` ones there are sure to be this host's own). Each is
 * deleted, which also hides it from every later read in this request.
 */
function foreignTokenCookies(secure: boolean): string[] {
  const bare = tokenCookieNames(false);
  return secure ? [...LEGACY_TOKEN_COOKIES, bare.access, bare.refresh] : [...LEGACY_TOKEN_COOKIES];
}

/**
 * The session as this request's cookies now say: read by the session middleware, and again by
 * the guard only when a failed token refresh has just ended it.
 */
export function readSession(context: APIContext): Session {
  const { cookies } = context;
  const tokens = sessionTokensOf(cookies, secureCookiesFor(context.url));
  // The claims cookie is stored URI-encoded once; read it raw so decodeClaims decodes it once.
  const claims =
    decodeClaims(cookies.get(COOKIES.claims, { decode: (value) => value })?.value) ??
    claimsFromAccessToken(context, tokens.access);
  return sessionOf({
    claims,
    hasToken: Boolean(tokens.access || tokens.refresh),
    guestRecord: cookies.get(COOKIES.guest)?.value,
  });
}

/** Reads the session cookies into locals and renames cookies left by older releases. */
export const session: MiddlewareHandler = (context, next) => {
  const { cookies, url } = context;
  const secure = secureCookiesFor(url);
  for (const [legacy, current] of Object.entries(LEGACY_COOKIES)) {
    const old = cookies.get(legacy)?.value;
    if (old === undefined) continue;
    if (!cookies.has(current)) cookies.set(current, old, siteCookieOptions(current, secure));
    cookies.delete(legacy, DELETE_COOKIE_OPTIONS);
  }
  for (const name of foreignTokenCookies(secure)) if (cookies.has(name)) cookies.delete(name, DELETE_COOKIE_OPTIONS);
  context.locals.session = readSession(context);
  context.locals.basketNum = cookies.get(COOKIES.basket)?.value || undefined;
  context.locals.store = stores[config.STORE_ID];
  return next();
};
