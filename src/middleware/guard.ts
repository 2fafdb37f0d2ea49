import type { MiddlewareHandler } from 'astro';
import { config } from '~/config';
import {
  GUEST_AUTH_ERROR,
  GUEST_AUTH_QUERY,
  decideAccess,
  permissionFor,
  sessionEndedTarget,
} from '~/features/session/guard';
import { sendPageView } from '~/features/session/page-view.server';
import { isSharedCacheable } from '~/lib/http/cache';
import { previousPageFrom, returnTarget } from '~/lib/http/safe-path';
import { localizedPath, pathWithoutLocale } from '~/lib/i18n/locales';
import { isPageNavigation } from '~/lib/http/request-kind';
import { readSession } from './session';
import { COOKIES } from '~/lib/session/cookie-names';
import { siteCookieJar } from '~/lib/session/cookie-options';
import { renewBeforePage } from '~/lib/session/renewal';

function isFormPost(request: Request, pathname: string): boolean {
  return request.method === 'POST' && !pathname.startsWith('/api/') && !pathname.startsWith('/_astro/');
}

/**
 * Decides every page before any HTML is sent: a stale token is renewed first (lib/session's one
 * renewal), a refused renewal ends the session (basket kept) and sends the visitor to log in
 * again, or to the same public page saying so; a renewal without an answer ends nothing. Refused
 * visitors go to sign-in or login with the page they wanted as the return target.
 */
export const guard: MiddlewareHandler = async (context, next) => {
  const { url, locals, request } = context;
  const page = isPageNavigation(request.method, url.pathname);
  if (!page && !isFormPost(request, url.pathname)) return next();
  const route = pathWithoutLocale(url.pathname);
  const onLogin = route.startsWith('/login/');

  const permission = permissionFor(route);
  locals.publicPage = page && permission.permission === 'public';
  const here = returnTarget(`${url.pathname}${url.search}`);
  if ((await renewBeforePage(context)) === 'ended') {
    locals.session = readSession(context);
    if (!onLogin && page) {
      // Public pages are always allowed (shopping §6): the same page again, without the dead
      // session, saying so; its query actions (add-to-cart) run on that request.
      return context.redirect(sessionEndedTarget(permission.permission, here, locals.locale), 302);
    }
  }

  // With purchases blocked, review order shows its migration message to a visitor without a basket too.
  const hasBasket = Boolean(locals.basketNum) || config.BLOCK_PURCHASES;
  const decision = decideAccess(permission, locals.session, hasBasket);
  if (!decision.allowed) {
    const target = new URL(localizedPath(decision.redirectTo, locals.locale), url);
    if (!decision.noBasket) target.searchParams.set('redirect', here);
    if (decision.guestAuthError) {
      // Said on the sign-in page rather than a silent redirect; the broken record goes.
      target.searchParams.set(GUEST_AUTH_QUERY, GUEST_AUTH_ERROR);
      siteCookieJar(context.cookies, url).delete(COOKIES.guest);
    }
    return context.redirect(`${target.pathname}${target.search}`, page ? 302 : 303);
  }
  if (page) {
    locals.previousPage =
      previousPageFrom(
        siteCookieJar(context.cookies, url).get(COOKIES.targetPage),
        request.headers.get('referer'),
        url,
      ) ?? undefined;
    // Without its query: a page's address may carry a wallet token or an e-mail address.
    sendPageView({
      path: url.pathname,
      locale: locals.locale,
      referrer: (request.headers.get('referer') ?? '').split(/[?#]/)[0] ?? '',
    });
  }
  const response = await next();
  // The stored target page follows private pages only: a cookie on a public page would keep
  // shared caches from storing it. It keeps the path alone: a page's query may carry an e-mail
  // address, an order number or a wallet token, and a cookie is no place for them.
  if (page && !onLogin && response.status === 200 && !isSharedCacheable(response.headers.get('Cache-Control'))) {
    const path = returnTarget(url.pathname);
    siteCookieJar(context.cookies, url).set(COOKIES.targetPage, path);
  }
  return response;
};
