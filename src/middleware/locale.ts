import type { MiddlewareHandler } from 'astro';
import { markCookieDependent } from '~/lib/http/cache';
import { collapseLeadingSlashes } from '~/lib/http/safe-path';
import { isLocale, langCookieRedirect, localeOfPath, localizedPath } from '~/lib/i18n/locales';
import { translator } from '~/lib/i18n/messages';
import { isPageNavigation } from '~/lib/http/request-kind';
import { COOKIES } from '~/lib/session/cookie-names';
import { siteCookieJar } from '~/lib/session/cookie-options';

/** Chooses the locale: language_id query, then the LANG cookie, then English. */
export const locale: MiddlewareHandler = (context, next) => {
  const { url, cookies } = context;
  const pathname = url.pathname;

  if (isPageNavigation(context.request.method, pathname)) {
    if (pathname === '/en' || pathname.startsWith('/en/')) {
      const rest = collapseLeadingSlashes(pathname.slice(3) || '/');
      return context.redirect(`${rest}${url.search}`, 308);
    }

    const requested = url.searchParams.get('language_id');
    if (requested !== null) {
      const target = new URL(url);
      target.searchParams.delete('language_id');
      if (isLocale(requested)) {
        siteCookieJar(cookies, url).set(COOKIES.lang, requested);
        target.pathname = localizedPath(pathname, requested);
      }
      return context.redirect(`${collapseLeadingSlashes(target.pathname)}${target.search}`, 302);
    }

    const stored = langCookieRedirect(pathname, siteCookieJar(cookies, url).get(COOKIES.lang));
    if (stored) return markCookieDependent(context.redirect(`${localizedPath(pathname, stored)}${url.search}`, 302));
  }

  const current = localeOfPath(pathname);
  context.locals.locale = current;
  context.locals.t = translator(current);
  return next();
};
