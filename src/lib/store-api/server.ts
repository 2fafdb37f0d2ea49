import ky, { isTimeoutError, type AfterResponseHook, type BeforeRequestHook, type BeforeRetryHook } from 'ky';
import { config } from '~/config';
import { errorText } from '~/lib/api/errors';
import { upstreamCallName } from '~/lib/server/observability/call-name';
import { currentDeadline, currentRequestId } from '~/lib/server/observability/request-context';
import { callWaitMs } from '~/lib/server/request-deadline';
import { observeUpstream } from '~/lib/server/observability/upstream';
import { isTimeout, UpstreamOpenError, upstreamFetch } from '~/lib/server/upstream-breaker';
import { basketKeyHeaders } from '~/lib/session/basket-key';
import type { Basket } from './basket';
import * as ENDPOINTS from './endpoints';
import { pathOf, type Decoder, type Endpoint, type HttpMethod, type PathParams } from './endpoint';
import type { GuestRecord } from './guest';
import { failed, failureStatus, success, type Failure, type Result } from './result';
import type { UserRecord } from './user';

/**
 * The server's one sender to the store API, for pages, actions, the proxy and the token renewal:
 * ky, whose hooks carry the request id, the visitor's token and the renew-and-retry on a 401.
 */

/** Where and how long: the settings' store API unless a call names another (tests). */
export interface SenderSettings {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface SendOptions {
  method?: HttpMethod;
  /** Query values, or a whole query string ("?a=1", as a browser sent it to the proxy). */
  query?: Readonly<Record<string, QueryValue>> | string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (the proxy's bytes). */
  body?: Uint8Array | null;
  headers?: HeadersInit;
  /** A bearer token of the server's own (a page's read). */
  token?: string | undefined;
  /** The visitor's session: its token is sent, renewed when stale and once more after a 401. */
  session?: SenderSession | undefined;
  settings?: Partial<SenderSettings> | undefined;
}

/** What came back: an answer with any status, or none (the store API was too slow, or unreachable). */
export type StoreAnswer =
  | {
      kind: 'answered';
      status: number;
      statusText: string;
      headers: Headers;
      body: Uint8Array;
      /** The body as JSON; undefined when it is not. */
      json: () => unknown;
    }
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  /** Not sent: the breaker is open while the store API hangs (src/lib/server/upstream-breaker.ts). */
  | { kind: 'refused' };

/** Joins the API root and a relative path, refusing anything that would leave the root. */
export function storeApiUrl(path: string, query: SendOptions['query'], baseUrl: string = config.STORE_API_URL): URL {
  const root = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const url = new URL(path.replace(/^\/+/, ''), root);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname))
    // Not the path itself: an error's message reaches the log, and a path names baskets and orders.
    throw new Error('path outside the store API');
  if (typeof query === 'string') url.search = query;
  else
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  return url;
}

/**
 * What the sender needs of a visitor's session (lib/session/renewal.ts, the one renewal rule): the
 * token to send, a renewal before a call when the token is stale, and one after a refusal.
 */
export interface SenderSession {
  readonly accessToken: string | undefined;
  readonly state: 'unchanged' | 'renewed' | 'ended' | 'unavailable';
  renewIfStale(): Promise<SenderSession['state']>;
  /** After a 401 to a call that carried the token: whether to send it again. */
  retryAfterRefusal(): Promise<boolean>;
}

/** A renewal that got no answer: the call is not sent with a token that is sure to be refused. */
class RenewalUnansweredError extends Error {}

const isSenderSession = (value: unknown): value is SenderSession =>
  typeof value === 'object' && value !== null && 'renewIfStale' in value && 'retryAfterRefusal' in value;

const sessionOf = (context: Record<string, unknown>): SenderSession | undefined =>
  isSenderSession(context['session']) ? context['session'] : undefined;

function authorize(request: Request, session: SenderSession): void {
  const token = session.accessToken;
  if (token) request.headers.set('authorization', `Bearer ${token}`);
  else request.headers.delete('authorization');
}

/** The store API's own logs can then be matched to the visitor's request. */
const carryRequestId: BeforeRequestHook = ({ request }) => {
  const id = currentRequestId();
  if (id && !request.headers.has('x-request-id')) request.headers.set('x-request-id', id);
};

/** A token known to be stale is renewed first rather than spending a call on a sure 401. */
const sendSessionToken: BeforeRequestHook = async ({ request, options }) => {
  const session = sessionOf(options.context);
  if (!session) return;
  const state = await session.renewIfStale();
  if (state === 'unavailable') throw new RenewalUnansweredError();
  authorize(request, session);
};

/** A 401 to a call that carried the visitor's token: one renewal, one retry; else the session is over. */
const renewOnRefusal: AfterResponseHook = async ({ request, response, options }) => {
  const session = sessionOf(options.context);
  if (!session || response.status !== 401 || !request.headers.has('authorization')) return;
  if (await session.retryAfterRefusal()) return ky.retry({ delay: 0, code: 'SESSION_RENEWED' });
  if (session.state === 'unavailable') throw new RenewalUnansweredError();
  return undefined;
};

const sendRenewedToken: BeforeRetryHook = ({ request, options }) => {
  const session = sessionOf(options.context);
  if (session) authorize(request, session);
};

/** One attempt, timed and counted under the call's name in the table (never its path). */
function observed(send: typeof globalThis.fetch, name: string): typeof globalThis.fetch {
  return async (input, init) => {
    const started = performance.now();
    try {
      const response = await send(input, init);
      observeUpstream({ call: name, durationMs: performance.now() - started, status: response.status, failure: null });
      return response;
    } catch (error) {
      // Refused by the breaker: nothing was sent, so there is no call to count.
      if (error instanceof UpstreamOpenError) throw error;
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      observeUpstream({
        call: name,
        durationMs: performance.now() - started,
        status: null,
        failure: timedOut ? 'timeout' : 'unreachable',
      });
      throw error;
    }
  };
}

const sessionSender = ky.create({
  throwHttpErrors: false,
  redirect: 'manual',
  // Only the hook's retry after a renewal: a store-API call may have been carried out.
  retry: { limit: 1, shouldRetry: () => false },
  hooks: {
    beforeRequest: [carryRequestId, sendSessionToken],
    afterResponse: [renewOnRefusal],
    beforeRetry: [sendRenewedToken],
  },
});

// A call without a visitor's session can never be renewed and sent again: without the retry and
// the after-response hook, ky neither copies the request nor tees the answer for each call (the
// cart's basket read, the proxy's anonymous calls).
const plainSender = ky.create({
  throwHttpErrors: false,
  redirect: 'manual',
  retry: { limit: 0 },
  hooks: { beforeRequest: [carryRequestId] },
});

function jsonOf(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one call: a failure to answer is `timeout` or `unreachable`; only a path outside the API
 * root throws. It waits for what is left of its request's deadline: none left, it is not sent.
 */
export async function sendToStoreApi(path: string, options: SendOptions = {}): Promise<StoreAnswer> {
  const settings = { baseUrl: config.STORE_API_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...options.settings };
  const method = options.method ?? 'GET';
  const url = storeApiUrl(path, options.query, settings.baseUrl);
  const waitMs = callWaitMs(settings.timeoutMs, currentDeadline());
  if (waitMs <= 0) return { kind: 'timeout' };
  const headers = new Headers(options.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const send = settings.fetch ?? upstreamFetch;
  try {
    const sender = options.session ? sessionSender : plainSender;
    const response = await sender(url, {
      method,
      headers,
      ...(options.json === undefined ? {} : { json: options.json }),
      ...(options.body ? { body: options.body as Uint8Array<ArrayBuffer> } : {}),
      timeout: waitMs,
      // ky's timeout covers the fetch alone: this one covers a token renewal in its hooks too.
      signal: AbortSignal.timeout(waitMs),
      fetch: observed(send, upstreamCallName(method, path)),
      context: { session: options.session },
    });
    const body = new Uint8Array(await response.arrayBuffer());
    return {
      kind: 'answered',
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body,
      json: () => jsonOf(body),
    };
  } catch (error) {
    if (error instanceof UpstreamOpenError) return { kind: 'refused' };
    return { kind: isTimeoutError(error) || isTimeout(error) ? 'timeout' : 'unreachable' };
  }
}

export const STORE_API_NETWORK_ERROR = 'store API unreachable';
export const STORE_API_TIMEOUT_ERROR = 'store API timeout';

/** An answer as the one Result: no answer is offline (saying whether it was too slow), an error status or an unreadable answer http. */
function resultOf<T>(answer: StoreAnswer, decode: Decoder<T>): Result<T> {
  if (answer.kind === 'timeout') return failed({ kind: 'offline', message: STORE_API_TIMEOUT_ERROR });
  if (answer.kind !== 'answered') return failed({ kind: 'offline', message: STORE_API_NETWORK_ERROR });
  const { status } = answer;
  const text = new TextDecoder().decode(answer.body);
  const body = text === '' ? null : (answer.json() ?? text);
  if (status < 200 || status >= 300) return failed({ kind: 'http', status, message: errorText(body), body });
  const value = decode(body);
  return value === undefined ? failed({ kind: 'http', status, message: '', body }) : success(value);
}

/**
 * What a page or an action reports of a failure: the store's own status and answer, or for no
 * answer 504 (too slow) or 502 (unreachable) with none.
 */
export function failureAnswer(failure: Failure): { status: number; body: unknown; message: string } {
  if (failure.kind === 'http') return failure;
  if (failure.kind === 'offline')
    return { status: failure.message === STORE_API_TIMEOUT_ERROR ? 504 : 502, body: null, message: failure.message };
  return { status: 0, body: null, message: '' };
}

/** One call of the table from the server. */
export interface ServerCall extends Omit<SendOptions, 'method' | 'json' | 'body'> {
  params?: PathParams;
  /** Sent as JSON. */
  body?: unknown;
}

/**
 * Sends one call of the table from the server and reads its answer with the entry's decoder; it
 * never throws (the table's paths stay below the API root, their parameters encoded).
 */
export async function sendFromServer<T>(entry: Endpoint<T>, call: ServerCall = {}): Promise<Result<T>> {
  const { params, body, ...options } = call;
  const answer = await sendToStoreApi(pathOf(entry, params), {
    ...options,
    method: entry.method,
    ...(body === undefined ? {} : { json: body }),
  });
  return resultOf(answer, entry.decode);
}

/** The basket for the first paint; a guest's basket needs its key. */
export function readBasket(basketNum: string, basketKey: string | undefined): Promise<Result<Basket>> {
  return sendFromServer(ENDPOINTS.basketGet, { params: { basketNum }, headers: basketKeyHeaders(basketKey) });
}

export function readUser(token: string | undefined): Promise<Result<UserRecord>> {
  return sendFromServer(ENDPOINTS.userGet, { token });
}

export function readGuest(basketNum: string, basketKey: string | undefined): Promise<Result<GuestRecord>> {
  return sendFromServer(ENDPOINTS.guestGet, { params: { basketNum }, headers: basketKeyHeaders(basketKey) });
}

/**
 * Who a basket call from the server is made for: a guest's key and a customer's token. Every call
 * that may start a basket carries both, so the basket it starts is the shopper's, as the proxy's are.
 */
export interface Shopper {
  basketKey: string | undefined;
  token: string | undefined;
}

export function shopperCall(shopper: Shopper): Pick<ServerCall, 'token' | 'headers'> {
  return { token: shopper.token, headers: basketKeyHeaders(shopper.basketKey) };
}

/**
 * A basket call for the shopper. A token the store API refuses (the session ended meanwhile) does
 * not cost the shopper the call: it goes once more as for a visitor who is not signed in, and the
 * page's next call through the proxy ends the session and says so.
 */
export async function sendForShopper<T>(entry: Endpoint<T>, call: ServerCall, shopper: Shopper): Promise<Result<T>> {
  const answer = await sendFromServer(entry, { ...call, ...shopperCall(shopper) });
  if (answer.ok || !shopper.token || failureStatus(answer.failure) !== 401) return answer;
  return sendFromServer(entry, { ...call, ...shopperCall({ ...shopper, token: undefined }) });
}

/** A basket number from a link, for this visitor: the same basket, or a new one with a copy of its lines. */
export function adoptBasket(basketNum: string, shopper: Shopper): Promise<Result<string>> {
  return sendForShopper(ENDPOINTS.basketAdopt, { params: { basketNum } }, shopper);
}
