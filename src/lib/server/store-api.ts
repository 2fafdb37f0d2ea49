import { config } from '~/config';
import { errorText } from '~/lib/api/errors';
import { upstreamCallName } from '~/lib/server/observability/call-name';
import { currentRequestId } from '~/lib/server/observability/request-context';
import { observeUpstream } from '~/lib/server/observability/upstream';
import { upstreamFetch } from '~/lib/server/upstream-breaker';

/** Server-only access to the store API for pages that render its data on the first paint. */
export interface StoreApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Access token for calls marked auth (read it with accessTokenFrom(Astro.cookies)). */
  token?: string | undefined;
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  /** Overrides config.STORE_API_URL (tests). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export type StoreApiResult<T> =
  { ok: true; status: number; body: T } | { ok: false; status: number; body: unknown; error: string };

export const STORE_API_NETWORK_ERROR = 'store API unreachable';
export const STORE_API_TIMEOUT_ERROR = 'store API timeout';

/** Joins the API root and a relative path, refusing anything that would leave the root. */
export function storeApiUrl(
  path: string,
  query: StoreApiOptions['query'],
  baseUrl: string = config.STORE_API_URL,
): URL {
  const root = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const relative = path.replace(/^\/+/, '');
  const url = new URL(relative, root);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname))
    throw new Error(`path outside the store API: ${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * Calls the store API and never throws: a failure (status, network, timeout, bad JSON)
 * comes back as ok false with the error text the spec reads from the answer.
 */
export async function storeApi<T = unknown>(path: string, options: StoreApiOptions = {}): Promise<StoreApiResult<T>> {
  const send = options.fetch ?? upstreamFetch;
  let url: URL;
  try {
    url = storeApiUrl(path, options.query, options.baseUrl);
  } catch (error) {
    return { ok: false, status: 400, body: null, error: error instanceof Error ? error.message : 'bad path' };
  }
  const method = options.method ?? 'GET';
  const requestId = currentRequestId();
  // The store API's own logs can then be matched to the visitor's request.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(requestId ? { 'X-Request-Id': requestId } : {}),
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  const call = upstreamCallName(method, path);
  const started = performance.now();
  try {
    const response = await send(url, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? config.UPSTREAM_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    observeUpstream({ call, durationMs: performance.now() - started, status: response.status, failure: null });
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, body: body as T };
    return {
      ok: false,
      status: response.status,
      body,
      error: errorText(body, response.statusText || `status ${response.status}`),
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    observeUpstream({
      call,
      durationMs: performance.now() - started,
      status: null,
      failure: timedOut ? 'timeout' : 'unreachable',
    });
    return {
      ok: false,
      status: timedOut ? 504 : 502,
      body: null,
      error: timedOut ? STORE_API_TIMEOUT_ERROR : STORE_API_NETWORK_ERROR,
    };
  }
}
