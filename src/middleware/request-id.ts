import type { MiddlewareHandler } from 'astro';
import { REQUEST_ID_HEADER, requestIdFrom } from '~/lib/server/observability/request-id.mjs';
import { runWithRequestId } from '~/lib/server/observability/request-context';

/**
 * Names the request: the id the production entry, nginx or the browser's call pipeline sent, else
 * a new one. Everything the request does runs with it (store API calls carry it, failures log it)
 * and the answer returns it.
 */
export const requestId: MiddlewareHandler = async (context, next) => {
  const id = requestIdFrom(context.request.headers.get(REQUEST_ID_HEADER));
  context.locals.requestId = id;
  const response = await runWithRequestId(id, next);
  try {
    response.headers.set('X-Request-Id', id);
    return response;
  } catch {
    // Headers of a fetched or redirect answer can be immutable: answer with a copy.
    const headers = new Headers(response.headers);
    headers.set('X-Request-Id', id);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
