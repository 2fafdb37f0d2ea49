import type { APIContext, MiddlewareHandler } from 'astro';
import { decodeJwt } from 'jose';
import type { SessionClaims } from '~/features/session/claims';
import { applyCookies } from '~/lib/server/proxy/astro';
import { claimsCookie, claimsFromUser, DELETE_COOKIE_OPTIONS, secureCookiesFor, siteCookieOptions } from '~/lib/server/proxy/session-cookies';
import { decodeClaims, viewerOf } from '~/features/session/claims';
import { COOKIES, LEGACY_COOKIES } from '~/features/session/cookies';
import { config } from '~/config';
import { stores } from '~/stores';

/**
 * A token without a claims cookie (left by an older release) still names its person: the claims
 * are read from the token's payload and the readable cookie is written again.
 */
function claimsFromAccessToken(context: APIContext, token: string | undefined): SessionClaims | null {
  if (!token) return null;
  try {
    const claims = claimsFromUser(decodeJwt(token));
    applyCookies(context.cookies, [claimsCookie(claims, secureCookiesFor(context.url.hostname))]);
    return claims;
  } catch {
    return null;
  }
}

/** Reads the session cookies into locals and renames cookies left by older releases. */
export const session: MiddlewareHandler = (context, next) => {
  const { cookies, url } = context;
  for (const [legacy, current] of Object.entries(LEGACY_COOKIES)) {
    const old = cookies.get(legacy)?.value;
    if (old === undefined) continue;
    // Behind a proxy that ends TLS the request arrives over http: the host decides Secure.
    if (!cookies.has(current)) cookies.set(current, old, siteCookieOptions(current, secureCookiesFor(url.hostname)));
    cookies.delete(legacy, DELETE_COOKIE_OPTIONS);
  }

  // The claims cookie is stored URI-encoded once; read it raw so decodeClaims decodes it once.
  const claims =
    decodeClaims(cookies.get(COOKIES.claims, { decode: (value) => value })?.value) ??
    claimsFromAccessToken(context, cookies.get(COOKIES.access)?.value);
  const hasToken = Boolean(cookies.get(COOKIES.access)?.value || cookies.get(COOKIES.refresh)?.value);
  context.locals.claims = claims;
  context.locals.viewer = viewerOf(claims, hasToken, cookies.get(COOKIES.guest)?.value);
  context.locals.basketNum = cookies.get(COOKIES.basket)?.value || undefined;
  context.locals.store = stores[config.STORE_ID];
  return next();
};
