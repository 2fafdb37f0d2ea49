import type { MiddlewareHandler } from 'astro';
import {
  bodyRefusal,
  isMalformedJson,
  isMethodRefused,
  isUriTooLong,
  MAX_FORM_BODY_BYTES,
  PAGE_METHODS,
} from '~/lib/http/request-limits';
import { localeOfPath } from '~/lib/i18n/locales';
import { translator } from '~/lib/i18n/messages';
import { readLimitedBody } from '~/lib/server/proxy/body';
import { isUnreadableForm, withEmptyForm } from '~/lib/server/form';

const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

const ACTION_CODES = { 400: 'BAD_REQUEST', 411: 'LENGTH_REQUIRED', 413: 'CONTENT_TOO_LARGE' } as const;

/** A refused action call, in the shape Astro gives an action's own refusals, so the island's client reads it as one. */
const actionRefusal = (status: keyof typeof ACTION_CODES, message: string) =>
  new Response(JSON.stringify({ type: 'AstroActionError', code: ACTION_CODES[status], status, message }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' },
  });

function isActionCall(url: URL): boolean {
  return url.pathname.startsWith('/_actions/') || url.searchParams.has('_action');
}

/** A page's own form naming its action in the address; the island's calls go to /_actions/. */
function isPageFormAction(url: URL): boolean {
  return url.searchParams.has('_action') && !url.pathname.startsWith('/_actions/');
}

function isJson(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Whether an action's JSON body parses; read from a copy, within the form limit already checked. */
async function hasMalformedJson(request: Request): Promise<boolean> {
  const body = await readLimitedBody(request.clone(), MAX_FORM_BODY_BYTES).catch(() => null);
  return body !== null && isMalformedJson(new TextDecoder().decode(body));
}

/** Refuses what no page or call of this site can be, before any page or cookie code runs. */
export const requestLimits: MiddlewareHandler = async (context, next) => {
  const { request, url } = context;
  // The locale middleware has not run yet: the path's own language names the refusal.
  const t = () => translator(localeOfPath(url.pathname));
  if (isUriTooLong(url)) return text(414, t()('common.addressTooLong'));
  if (isMethodRefused(request.method, url.pathname))
    return text(405, t()('common.methodNotAllowed'), { allow: PAGE_METHODS.join(', ') });
  const refusal = bodyRefusal(request.method, url.pathname, request.headers);
  if (refusal) {
    const message = t()(refusal === 413 ? 'common.bodyTooLarge' : 'common.lengthRequired');
    // The connection closes after the refusal, so the body that was not read is not read afterwards.
    return url.pathname.startsWith('/_actions/')
      ? actionRefusal(refusal, message)
      : text(refusal, message, { connection: 'close' });
  }
  if (request.method === 'POST' && isActionCall(url) && isJson(request) && (await hasMalformedJson(request)))
    return actionRefusal(400, 'Malformed JSON');
  // A page form whose body is no form (broken multipart): the page is drawn as for an empty form,
  // with its own messages, and answers 400 (a redirect, such as to login, or a 404 stays as it is).
  if (request.method === 'POST' && isPageFormAction(url) && (await isUnreadableForm(request))) {
    const page = await next(withEmptyForm(request));
    if (page.status < 200 || page.status >= 300) return page;
    return new Response(page.body, { status: 400, statusText: 'Bad Request', headers: page.headers });
  }
  return next();
};
