import type { APIContext, MiddlewareHandler } from 'astro';
import { decodeJwt } from 'jose';
import { config } from '~/config';
import { stores } from '~/stores';
import { type SessionClaims, decodeClaims } from '~/lib/session/claims';
import { applyCookies, DELETE_COOKIE_OPTIONS, secureCookiesFor, siteCookieJar } from '~/lib/session/cookie-options';
import { claimsCookie } from '~/lib/session/session-cookies';
import { claimsFromUser } from '~/lib/session/login-answer';
import { sessionTokensOf } from '~/lib/session/tokens';
import { sessionOf, type Session } from '~/lib/session/session';
import { COOKIES, LEGACY_COOKIES, LEGACY_TOKEN_COOKIES, RENAMED_BARE_COOKIES } from '~/lib/session/cookie-names';

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
 * Over https only the `__Host-` names are sure to be this host's own: a bare one was set by an
 * older release or planted by a sibling subdomain or a plain-http answer. Those naming a basket or
 * a language are renamed; every other bare site cookie, tokens first, is deleted, which also hides
 * it from every later read in this request. Older releases' token names are deleted on any scheme.
 */
function settleBareCookies(context: APIContext, secure: boolean): void {
  const { cookies } = context;
  const jar = siteCookieJar(cookies, context.url);
  const renamed = new Map<string, string>(Object.entries(LEGACY_COOKIES));
  if (secure) for (const name of RENAMED_BARE_COOKIES) renamed.set(name, name);
  for (const [old, current] of renamed) {
    const value = cookies.get(old)?.value;
    if (value === undefined) continue;
    if (!jar.get(current)) jar.set(current, value);
    cookies.delete(old, DELETE_COOKIE_OPTIONS);
  }
  const foreign = secure ? Object.values(COOKIES).filter((name) => !RENAMED_BARE_COOKIES.includes(name)) : [];
  for (const name of [...LEGACY_TOKEN_COOKIES, ...foreign])
    if (cookies.has(name)) cookies.delete(name, DELETE_COOKIE_OPTIONS);
}

/**
 * The session as this request's cookies now say: read by the session middleware, and again by
 * the guard only when a failed token refresh has just ended it.
 */
export function readSession(context: APIContext): Session {
  const jar = siteCookieJar(context.cookies, context.url);
  const tokens = sessionTokensOf(context.cookies, jar.secure);
  // The claims cookie is stored URI-encoded once; read it raw so decodeClaims decodes it once.
  const claims = decodeClaims(jar.get(COOKIES.claims, true)) ?? claimsFromAccessToken(context, tokens.access);
  return sessionOf({
    claims,
    hasToken: Boolean(tokens.access || tokens.refresh),
    guestRecord: jar.get(COOKIES.guest),
  });
}

/** Reads the session cookies into locals and renames cookies left by older releases. */
export const session: MiddlewareHandler = (context, next) => {
  const jar = siteCookieJar(context.cookies, context.url);
  settleBareCookies(context, jar.secure);
  context.locals.session = readSession(context);
  context.locals.basketNum = jar.get(COOKIES.basket);
  context.locals.store = stores[config.STORE_ID];
  return next();
};
