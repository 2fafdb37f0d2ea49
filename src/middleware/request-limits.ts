import type { MiddlewareHandler } from 'astro';
import { isMethodRefused, isUriTooLong, PAGE_METHODS } from '~/lib/http/request-limits';
import { localeOfPath } from '~/lib/i18n/locales';
import { translator } from '~/lib/i18n/messages';

const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

/** Refuses what no page or call of this site can be, before any page or cookie code runs. */
export const requestLimits: MiddlewareHandler = (context, next) => {
  // The locale middleware has not run yet: the path's own language names the refusal.
  const t = () => translator(localeOfPath(context.url.pathname));
  if (isUriTooLong(context.url)) return text(414, t()('common.addressTooLong'));
  if (isMethodRefused(context.request.method, context.url.pathname))
    return text(405, t()('common.methodNotAllowed'), { allow: PAGE_METHODS.join(', ') });
  return next();
};
