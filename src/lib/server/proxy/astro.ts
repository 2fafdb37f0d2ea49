import type { AstroCookies } from 'astro';
import type { AppConfig } from '~/config';
import { isLocale, DEFAULT_LOCALE } from '~/lib/i18n/locales';
import { translator } from '~/lib/i18n/messages';
import type { ProxyDeps, ProxyOutput } from './handler';
import { upstreamFetch } from '~/lib/server/upstream-breaker';
import { COOKIES } from '~/lib/session/cookie-names';
import { secureCookiesFor, siteCookieJar } from '~/lib/session/cookie-options';

interface ContextLike {
  url: URL;
  cookies: AstroCookies;
}

/** The proxy's settings for one request: origins of this site, cookie security, texts in the visitor's language. */
export function proxyDepsFor(context: ContextLike, config: AppConfig): ProxyDeps {
  const lang = siteCookieJar(context.cookies, context.url).get(COOKIES.lang);
  const t = translator(isLocale(lang) ? lang : DEFAULT_LOCALE);
  // The address this request reached (scheme from a trusted proxy) and the public origin of the settings.
  const origins = new Set([context.url.origin, new URL(config.SITE_URL).origin]);
  return {
    baseUrl: config.STORE_API_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    fetch: upstreamFetch,
    production: config.PUBLIC_APP_ENV === 'production',
    siteOrigins: [...origins],
    secureCookies: secureCookiesFor(context.url),
    purchasesBlocked: config.BLOCK_PURCHASES,
    messages: {
      timeout: t('session.upstreamTimeout'),
      unreachable: t('common.connectionProblem'),
      loggedOut: t('session.loggedOut'),
      tooLarge: t('common.requestTooLarge'),
      unreadable: t('common.requestUnreadable'),
      purchasesBlocked: t('migration.message'),
    },
  };
}

export function toResponse(output: ProxyOutput): Response {
  const body = output.body instanceof Uint8Array ? (output.body as Uint8Array<ArrayBuffer>) : output.body;
  return new Response(output.status === 204 || output.status === 304 ? null : body, {
    status: output.status,
    headers: output.headers,
  });
}
