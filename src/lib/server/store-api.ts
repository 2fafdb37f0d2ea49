import { config } from '~/config';

/**
 * Server-only access to the store API for pages rendered on the server (public pages, first
 * paint). Never throws: every failure becomes `{ ok: false }` with a status (0 when the API
 * could not be reached or did not answer in time) and the API's own error text when it gave one.
 */
export type StoreApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string | undefined; data: unknown };

export interface StoreApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Readonly<Record<string, string | number | undefined>>;
  body?: unknown;
  token?: string;
  timeoutMs?: number;
  /** Checks the answer's shape; an answer that does not match counts as a failure. */
  parse?: (data: unknown) => unknown;
}

const ERROR_FIELDS = ['message', 'MESSAGE', 'ERROR', 'error', 'DETAIL'] as const;

/** The spec's error text order: message, MESSAGE, ERROR, error, DETAIL, then a nested VALUE. */
export function errorTextOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value;
    if (value && typeof value === 'object') {
      const nested = errorTextOf(value);
      if (nested) return nested;
    }
  }
  const value = record['VALUE'];
  if (typeof value === 'string' && value.trim()) return value;
  for (const inner of Object.values(record)) {
    if (inner && typeof inner === 'object' && 'VALUE' in inner) {
      const nested = (inner as Record<string, unknown>)['VALUE'];
      if (typeof nested === 'string' && nested.trim()) return nested;
    }
  }
  return undefined;
}

/** Joins an API path (each segment already encoded by the caller) and query onto STORE_API_URL. */
export function storeApiUrl(path: string, query: StoreApiRequest['query'] = {}, base = config.STORE_API_URL): URL {
  const url = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

export async function storeApi<T>(path: string, request: StoreApiRequest = {}): Promise<StoreApiResult<T>> {
  const { method = 'GET', query, body, token, timeoutMs = Math.min(config.UPSTREAM_TIMEOUT_MS, 10000), parse } = request;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(storeApiUrl(path, query), {
      method,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, message: undefined, data: undefined };
  }
  let data: unknown;
  try {
    const text = await response.text();
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) return { ok: false, status: response.status, message: errorTextOf(data), data };
  if (parse) {
    try {
      data = parse(data);
    } catch {
      return { ok: false, status: 502, message: undefined, data };
    }
  }
  return { ok: true, status: response.status, data: data as T };
}
