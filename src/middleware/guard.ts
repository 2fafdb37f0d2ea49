import type { MiddlewareHandler } from 'astro';
import { decideAccess, permissionFor } from '~/features/session/guard';
import { COOKIES } from '~/features/session/cookies';
import { safeReturnPath } from '~/lib/http/safe-path';
import { localizedPath, pathWithoutLocale } from '~/lib/i18n/locales';
import { isPageRequest } from './request-kind';

/** Redirects before any HTML is sent when the route's permission refuses the visitor. */
export const guard: MiddlewareHandler = (context, next) => {
  const { url, locals, cookies } = context;
  if (!isPageRequest(context.request, url.pathname)) return next();
  const route = pathWithoutLocale(url.pathname);
  const decision = decideAccess(permissionFor(route), locals.viewer, locals.claims?.role);
  if (decision.allowed) {
    if (!route.startsWith('/login/')) {
      cookies.set(COOKIES.returnTo, safeReturnPath(`${url.pathname}${url.search}`), {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: url.protocol === 'https:',
      });
    }
    return next();
  }
  const target = new URL(localizedPath(decision.redirectTo, locals.locale), url);
  target.searchParams.set('redirect', `${url.pathname}${url.search}`);
  return context.redirect(`${target.pathname}${target.search}`, 302);
};
