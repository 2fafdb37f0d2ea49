import { isCancelled, request, type ApiResult, type QueryValue } from '~/lib/api/client';
import { errorText } from '~/lib/api/errors';
import { pathOf, type Decoder, type Endpoint, type PathParams } from './endpoint';
import { failed, success, type Result } from './result';

/**
 * The browser's transport: the same-origin proxy (/api/*) through the request pipeline of
 * lib/api/client (request state, cancelling, headers, the logged-out redirect).
 */
export interface BrowserCall {
  params?: PathParams;
  query?: Readonly<Record<string, QueryValue>>;
  data?: unknown;
  /** Overrides the entry's flag: a flag per product, or one flag a screen shares between its loads. */
  flag?: string;
  allowMultiple?: boolean;
  noCache?: boolean;
  timeout?: number;
  headers?: Readonly<Record<string, string>>;
}

/** Sends one call of the table and answers the pipeline's result as it came. */
export function send(entry: Endpoint<unknown>, call: BrowserCall = {}): Promise<ApiResult<unknown>> {
  return request({
    flag: call.flag ?? entry.flag,
    url: pathOf(entry, call.params),
    method: entry.method,
    ...(call.data === undefined ? {} : { data: call.data }),
    ...(call.query ? { params: call.query } : {}),
    ...(call.allowMultiple ? { allowMultiple: true } : {}),
    ...(call.noCache ? { noCache: true } : {}),
    ...(call.timeout === undefined ? {} : { timeout: call.timeout }),
    ...(call.headers ? { headers: call.headers } : {}),
  });
}

/** The pipeline's result as a Result: status 0 is cancelled or offline, an unreadable answer an http failure. */
export function toResult<T>(result: ApiResult<unknown>, decode: Decoder<T>): Result<T> {
  if (isCancelled(result)) return failed({ kind: 'cancelled' });
  if (result.status === 0) return failed({ kind: 'offline', message: errorText(result.body, result.statusText) });
  const { status, body } = result;
  if (!result.ok) return failed({ kind: 'http', status, message: errorText(body), body });
  const value = decode(body);
  return value === undefined ? failed({ kind: 'http', status, message: '', body }) : success(value);
}

/** Sends one call of the table and reads its answer with the entry's decoder. */
export async function call<T>(entry: Endpoint<T>, options: BrowserCall = {}): Promise<Result<T>> {
  return toResult(await send(entry, options), entry.decode);
}
