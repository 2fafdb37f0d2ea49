import type { MiddlewareHandler } from 'astro';
import { REQUEST_ID_HEADER, requestIdFrom } from '~/lib/server/observability/request-id.mjs';
import { config } from '~/config';
import { runWithRequest } from '~/lib/server/observability/request-context';
import { deadlineAfter } from '~/lib/server/request-deadline';

/**
 * Names the request: the id the production entry, nginx or the browser's call pipeline sent, else
 * a new one. Everything the request does runs with it (store API calls carry it, failures log it)
 * and the answer returns it. Its deadline starts here: all its store API calls together wait at
 * most UPSTREAM_TIMEOUT_MS (src/lib/server/request-deadline.ts).
 */
export const requestId: MiddlewareHandler = async (context, next) => {
  const id = requestIdFrom(context.request.headers.get(REQUEST_ID_HEADER));
  const deadline = deadlineAfter(config.UPSTREAM_TIMEOUT_MS);
  context.locals.requestId = id;
  context.locals.deadline = deadline;
  const response = await runWithRequest({ requestId: id, deadline }, next);
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
