import type { MiddlewareHandler } from 'astro';
import { carriesVisitorCookie, cdnSafeCaching, withVary } from '~/lib/http/cache';

/**
 * Runs outside every other step, so it sees the final answer and every cookie set on the way
 * (a refreshed token, a renamed cookie, the chosen language): such an answer, or a public page
 * rendered for a session, is made private before it can reach a shared cache.
 */
export const sharedCache: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const setsCookie = !context.cookies.headers().next().done || response.headers.has('set-cookie');
  const policy = cdnSafeCaching({
    cacheControl: response.headers.get('cache-control'),
    setsCookie,
    visitorCookie: carriesVisitorCookie(context.request.headers.get('cookie')),
  });
  if (policy.cacheControl !== null) response.headers.set('Cache-Control', policy.cacheControl);
  if (policy.varyCookie) response.headers.set('Vary', withVary(response.headers.get('Vary'), 'Cookie'));
  return response;
};
