import type { AstroCookies } from 'astro';
import { config } from '~/config';
import { errorText } from '~/lib/api/errors';
import { refreshTokens } from '~/lib/server/proxy/refresh';
import type { UpstreamSettings } from '~/lib/server/proxy/upstream';
import { upstreamFetch } from '~/lib/server/upstream-breaker';
import { basketKeyHeaders } from '~/lib/session/basket-key';
import { applyCookies, secureCookiesFor } from '~/lib/session/cookie-options';
import { withFreshToken } from '~/lib/session/fresh-token';
import { clearedAuthCookies } from '~/lib/session/session-cookies';
import { sessionTokensOf, tokenCookies } from '~/lib/session/tokens';
import {
  STORE_API_NETWORK_ERROR,
  STORE_API_TIMEOUT_ERROR,
  storeApi,
  type StoreApiOptions,
  type StoreApiResult,
} from '~/lib/server/store-api';
import type { Basket } from './basket';
import * as ENDPOINTS from './endpoints';
import { pathOf, type Decoder, type Endpoint, type PathParams } from './endpoint';
import type { GuestRecord } from './guest';
import { failed, success, type Result } from './result';
import type { UserRecord } from './user';

/** The server's transport: straight to the store API, with the visitor's token and basket key. */
export interface ServerCall extends Omit<StoreApiOptions, 'method'> {
  params?: PathParams;
}

/** Sends one call of the table from the server and answers the transport's result as it came. */
export function sendFromServer(entry: Endpoint<unknown>, call: ServerCall = {}): Promise<StoreApiResult<unknown>> {
  const { params, ...options } = call;
  return storeApi(pathOf(entry, params), { ...options, method: entry.method });
}

/** The store API as the server reaches it, for token exchanges. */
export const serverUpstream: UpstreamSettings = {
  baseUrl: config.STORE_API_URL,
  timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  fetch: upstreamFetch,
};

/** What a call made with the visitor's session reads and writes of the request. */
export interface VisitorContext {
  cookies: AstroCookies;
  url: URL;
}

/** The answer an action gets when the session is over: the store's own 401. */
export const SESSION_ENDED_ERROR = 'session ended';

/**
 * One call of the table with the visitor's session, as the proxy makes it for islands: an expired
 * or refused access token is exchanged once and the call retried, the new tokens go into the
 * session cookies; when the session is over its token cookies are cleared and the answer is a 401.
 */
export async function sendAsVisitor(
  context: VisitorContext,
  entry: Endpoint<unknown>,
  call: Omit<ServerCall, 'token'> = {},
): Promise<StoreApiResult<unknown>> {
  const secure = secureCookiesFor(context.url);
  const tokens = sessionTokensOf(context.cookies, secure);
  const outcome = await withFreshToken(
    tokens,
    (token) => sendFromServer(entry, { ...call, token }),
    async (refreshToken) => {
      const refreshed = await refreshTokens(serverUpstream, refreshToken, new Headers(), tokens.access);
      return refreshed.ok ? refreshed : null;
    },
  );
  if (outcome.ended) {
    applyCookies(context.cookies, clearedAuthCookies(secure));
    return { ok: false, status: 401, body: null, error: SESSION_ENDED_ERROR };
  }
  if (outcome.renewed) applyCookies(context.cookies, tokenCookies(outcome.renewed, secure));
  return outcome.answer;
}

/** No answer at all (502 unreachable, 504 timeout) is offline; any other failure is the API's own answer. */
export function fromServerResult<T>(result: StoreApiResult<unknown>, decode: Decoder<T>): Result<T> {
  if (!result.ok) {
    if (
      result.body === null &&
      (result.error === STORE_API_NETWORK_ERROR || result.error === STORE_API_TIMEOUT_ERROR)
    ) {
      return failed({ kind: 'offline', message: result.error });
    }
    return failed({ kind: 'http', status: result.status, message: errorText(result.body), body: result.body });
  }
  const value = decode(result.body);
  return value === undefined
    ? failed({ kind: 'http', status: result.status, message: '', body: result.body })
    : success(value);
}

export async function callFromServer<T>(entry: Endpoint<T>, call: ServerCall = {}): Promise<Result<T>> {
  return fromServerResult(await sendFromServer(entry, call), entry.decode);
}

/** The basket for the first paint; a guest's basket needs its key. */
export function readBasket(basketNum: string, basketKey: string | undefined): Promise<Result<Basket>> {
  return callFromServer(ENDPOINTS.basketGet, { params: { basketNum }, headers: basketKeyHeaders(basketKey) });
}

export function readUser(token: string | undefined): Promise<Result<UserRecord>> {
  return callFromServer(ENDPOINTS.userGet, { token });
}

export function readGuest(basketNum: string, basketKey: string | undefined): Promise<Result<GuestRecord>> {
  return callFromServer(ENDPOINTS.guestGet, { params: { basketNum }, headers: basketKeyHeaders(basketKey) });
}

/** A basket number from a link, for this visitor: the same basket, or a new one with a copy of its lines. */
export function adoptBasket(
  basketNum: string,
  basketKey: string | undefined,
  token: string | undefined,
): Promise<Result<string>> {
  return callFromServer(ENDPOINTS.basketAdopt, { params: { basketNum }, token, headers: basketKeyHeaders(basketKey) });
}
