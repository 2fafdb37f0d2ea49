import { request, type QueryValue } from '~/lib/api/client';
import { pathOf, type Endpoint, type PathParams } from './endpoint';
import type { Result } from './result';

/**
 * The browser's one sender to the store API: the same-origin proxy (/api/*) through the request
 * pipeline of lib/api/client (request state, cancelling, headers, the logged-out redirect), each
 * answer read by its entry's decoder.
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
  /** Takes a successful answer's body instead of reading it as JSON (a streamed answer). */
  read?: (response: Response) => Promise<unknown>;
}

/** Sends one call of the table and reads its answer with the entry's decoder. */
export function call<T>(entry: Endpoint<T>, options: BrowserCall = {}): Promise<Result<T>> {
  return request(
    {
      flag: options.flag ?? entry.flag,
      url: pathOf(entry, options.params),
      method: entry.method,
      ...(options.data === undefined ? {} : { data: options.data }),
      ...(options.query ? { params: options.query } : {}),
      ...(options.allowMultiple ? { allowMultiple: true } : {}),
      ...(options.noCache ? { noCache: true } : {}),
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.headers ? { headers: options.headers } : {}),
    },
    entry.decode,
    options.read,
  );
}
