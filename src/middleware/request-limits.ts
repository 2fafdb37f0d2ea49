import type { MiddlewareHandler } from 'astro';
import { isMethodRefused, isUriTooLong, PAGE_METHODS } from '~/lib/http/request-limits';

const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

/** Refuses what no page or call of this site can be, before any page or cookie code runs. */
export const requestLimits: MiddlewareHandler = (context, next) => {
  if (isUriTooLong(context.url)) return text(414, 'URI too long');
  if (isMethodRefused(context.request.method, context.url.pathname)) return text(405, 'Method not allowed', { allow: PAGE_METHODS.join(', ') });
  return next();
};
