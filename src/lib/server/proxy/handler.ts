import { matchRoute, upstreamPath, type ProxyRoute } from './allowlist';
import { BodyTooLargeError, readLimitedBody } from './body';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './headers';
import { isForeignUnsafeRequest } from './origin';
import { renewerFor } from './refresh';
import { withFreshToken } from '~/lib/session/fresh-token';
import { isCrossSiteRequest } from '~/lib/http/fetch-site';
import { callUpstream, UpstreamTimeoutError, type UpstreamAnswer, type UpstreamSettings } from './upstream';
import { UpstreamOpenError } from '~/lib/server/upstream-breaker';
import { basketKeyCookie, BASKET_KEY_HEADER, newBasketKey } from '~/lib/session/basket-key';
import { clearedAuthCookies, guestCookies } from '~/lib/session/session-cookies';
import { tokenCookies } from '~/lib/session/tokens';
import type { CookieOp } from '~/lib/session/cookie-options';

/** Marks the 401 that ended a session; the request pipeline logs out locally on it. */
const LOGGED_OUT_HEADER = 'x-logged-out';

export interface ProxyMessages {
  timeout: string;
  unreachable: string;
  loggedOut: string;
  tooLarge: string;
  unreadable: string;
  /** The migration message: purchases are blocked. */
  purchasesBlocked: string;
}

export interface ProxyDeps extends UpstreamSettings {
  /** Outside production the rate-limit-disable header is passed on (end-to-end tests). */
  production: boolean;
  siteOrigins: readonly string[];
  secureCookies: boolean;
  /** BLOCK_PURCHASES: shipping, checkout and wallet calls are refused here, whatever the page shows. */
  purchasesBlocked: boolean;
  messages: ProxyMessages;
}

export interface ProxyInput {
  request: Request;
  /** Path below /api/, without a leading slash. */
  path: string;
  search: string;
  accessToken: string | undefined;
  refreshToken: string | undefined;
  /** The guest's basket key from its httpOnly cookie. */
  basketKey?: string | undefined;
  /** The visitor's address, passed on so the store API's per-client limits count visitors, not this site. */
  clientAddress?: string | undefined;
}

export interface ProxyOutput {
  status: number;
  headers: Headers;
  body: Uint8Array | string | null;
  cookies: CookieOp[];
}

export function json(
  status: number,
  body: unknown,
  cookies: CookieOp[] = [],
  extra: Record<string, string> = {},
): ProxyOutput {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  });
  return { status, headers, body: JSON.stringify(body), cookies };
}

function passThrough(answer: UpstreamAnswer, cookies: CookieOp[] = []): ProxyOutput {
  const headers = downstreamResponseHeaders(answer.headers);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return { status: answer.status, headers, body: answer.body, cookies };
}

/** The answer for a session that ended on its way (the refresh failed): its cookies are cleared. */
export function loggedOut(deps: Pick<ProxyDeps, 'messages' | 'secureCookies'>): ProxyOutput {
  return json(401, { message: deps.messages.loggedOut, loggedOut: true }, clearedAuthCookies(deps.secureCookies), {
    [LOGGED_OUT_HEADER]: '1',
  });
}

const isSuccess = (status: number) => status >= 200 && status < 300;

async function forward(
  deps: ProxyDeps,
  input: ProxyInput,
  route: ProxyRoute,
  body: Uint8Array | null,
  token: string | undefined,
): Promise<UpstreamAnswer> {
  const headers = upstreamRequestHeaders(input.request.headers, {
    allowRateLimitHeader: !deps.production,
    token,
    clientAddress: input.clientAddress,
  });
  if (input.basketKey) headers.set(BASKET_KEY_HEADER, input.basketKey);
  return callUpstream(deps, {
    method: route.method,
    path: upstreamPath(route, input.path),
    search: input.search,
    headers,
    body,
  });
}

async function handleAuthenticated(
  deps: ProxyDeps,
  input: ProxyInput,
  route: ProxyRoute,
  body: Uint8Array | null,
): Promise<ProxyOutput> {
  const outcome = await withFreshToken(
    { access: input.accessToken, refresh: input.refreshToken },
    (token) => forward(deps, input, route, body, token),
    renewerFor(deps, input),
  );
  if (outcome.ended) return loggedOut(deps);
  const { answer, renewed } = outcome;
  const cookies = renewed ? tokenCookies(renewed, deps.secureCookies) : [];
  // Guest authorization changes the session only for this site's own pages: a link or a top-level
  // navigation from elsewhere must not sign anyone out or make them someone else's guest.
  if (route.kind === 'guest' && isSuccess(answer.status) && !isCrossSiteRequest(input.request.headers)) {
    const basketNum = input.path.split('/')[2] ?? '';
    return passThrough(answer, [...cookies, ...guestCookies(basketNum, deps.secureCookies)]);
  }
  return passThrough(answer, cookies);
}

/** The same-origin proxy: one allowed call in, one answer out, cookies to set on the side. */
export async function handleProxy(deps: ProxyDeps, input: ProxyInput): Promise<ProxyOutput> {
  const method = input.request.method.toUpperCase();
  // Another site's unsafe call is refused before anything else, so it learns nothing of the allowlist either.
  if (isForeignUnsafeRequest(method, input.request.headers, deps.siteOrigins))
    return json(403, { message: 'forbidden' });
  const route = matchRoute(method, input.path);
  if (!route) return json(404, { message: 'not found' });
  if (route.purchase && deps.purchasesBlocked)
    return json(403, { message: deps.messages.purchasesBlocked, purchasesBlocked: true });
  let body: Uint8Array | null;
  try {
    body = method === 'GET' || method === 'HEAD' ? null : await readLimitedBody(input.request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json(413, { message: deps.messages.tooLarge });
    return json(400, { message: deps.messages.unreadable });
  }
  // Writing a guest record needs a key: a visitor without one gets it now, kept in an httpOnly cookie.
  const keyCookies: CookieOp[] = [];
  let request = input;
  if (route.kind === 'guest' && method === 'POST' && !input.basketKey) {
    request = { ...input, basketKey: newBasketKey() };
    keyCookies.push(basketKeyCookie(request.basketKey!, deps.secureCookies));
  }
  try {
    const output = await handleAuthenticated(deps, request, route, body);
    if (isSuccess(output.status)) output.cookies.push(...keyCookies);
    return output;
  } catch (error) {
    // The breaker refused it unsent: the store API has been hanging, so the page shows its error state now.
    if (error instanceof UpstreamOpenError) return json(503, { message: deps.messages.unreachable });
    // `unanswered` tells the page the store's answer never came: the call may still have been carried out.
    if (error instanceof UpstreamTimeoutError) return json(504, { message: deps.messages.timeout, unanswered: true });
    return json(502, { message: deps.messages.unreachable, unanswered: true });
  }
}
