import type { MiddlewareHandler } from 'astro';
import { pathWithoutLocale } from '~/lib/i18n/locales';

/**
 * The server-error page answers a failed request at that request's own address. Asked for by its
 * own address (/500/, in any language) it draws "Page not found" (src/pages/500.astro), and this
 * gives that answer the status to match: Astro answers its error route with 500 whatever the page
 * sets, and nobody may make the site report a server error by asking for one.
 */
export const errorPageAddress: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (!/^\/500\/?$/.test(pathWithoutLocale(context.url.pathname))) return response;
  return new Response(response.body, { status: 404, statusText: 'Not Found', headers: response.headers });
};
