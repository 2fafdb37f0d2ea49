import type { MiddlewareHandler } from 'astro';
import { decodeClaims, viewerOf } from '~/features/session/claims';
import { COOKIES, LEGACY_COOKIES, COOKIE_MAX_AGE } from '~/features/session/cookies';
import { config } from '~/config';
import { stores } from '~/stores';

/** Reads the session cookies into locals and renames cookies left by older releases. */
export const session: MiddlewareHandler = (context, next) => {
  const { cookies, url } = context;
  for (const [legacy, current] of Object.entries(LEGACY_COOKIES)) {
    const old = cookies.get(legacy)?.value;
    if (old === undefined) continue;
    if (!cookies.has(current)) {
      const httpOnly = current === COOKIES.access || current === COOKIES.refresh;
      cookies.set(current, old, {
        path: '/',
        httpOnly,
        sameSite: 'strict',
        secure: url.protocol === 'https:',
        maxAge: current === COOKIES.lang ? COOKIE_MAX_AGE.lang : COOKIE_MAX_AGE.default,
      });
    }
    cookies.delete(legacy, { path: '/' });
  }

  // The claims cookie is stored URI-encoded once; read it raw so decodeClaims decodes it once.
  const claims = decodeClaims(cookies.get(COOKIES.claims, { decode: (value) => value })?.value);
  const hasToken = Boolean(cookies.get(COOKIES.access)?.value || cookies.get(COOKIES.refresh)?.value);
  context.locals.claims = claims;
  context.locals.viewer = viewerOf(claims, hasToken, cookies.get(COOKIES.guest)?.value);
  context.locals.basketNum = cookies.get(COOKIES.basket)?.value || undefined;
  context.locals.store = stores[config.STORE_ID];
  return next();
};
