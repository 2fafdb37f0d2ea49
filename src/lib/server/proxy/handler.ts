import { matchRoute, upstreamPath, type ProxyRoute } from './allowlist';
import { BodyTooLargeError, readLimitedBody } from './body';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './headers';
import { isForeignUnsafeRequest } from './origin';
import { isCrossSiteRequest } from '~/lib/http/fetch-site';
import { sendToStoreApi, type SenderSettings, type StoreAnswer } from '~/lib/store-api/server';
import { basketKeyCookie, BASKET_KEY_HEADER, newBasketKey } from '~/lib/session/basket-key';
import { renewTokens, sessionCookieChanges, VisitorSession } from '~/lib/session/renewal';
import { clearedAuthCookies, guestCookies } from '~/lib/session/session-cookies';
import type { CookieOp } from '~/lib/session/cookie-options';
import type { OrderRecord } from '~/lib/session/order-record';
import { toCheckoutAnswer } from '~/lib/store-api/checkout';
import { isPaymentMethod, type Receipt } from '~/lib/store-api/receipt';
import { orderOutcome, outcomeCookies } from '../placed-order';

/** Marks an answer whose call ended the session (a 401, or a basket call sent again signed out); the request pipeline logs out locally on it. */
const LOGGED_OUT_HEADER = 'x-logged-out';
/** Set on an answer to a call that went without a customer's token: a page drawn for one learns the session is gone. */
const SIGNED_OUT_HEADER = 'x-signed-out';

export interface ProxyMessages {
  timeout: string;
  unreachable: string;
  loggedOut: string;
  tooLarge: string;
  unreadable: string;
  /** The migration message: purchases are blocked. */
  purchasesBlocked: string;
}

export interface ProxyDeps extends SenderSettings {
  /** Outside production the rate-limit-disable header is passed on (end-to-end tests). */
  production: boolean;
  siteOrigins: readonly string[];
  secureCookies: boolean;
  /** BLOCK_PURCHASES: shipping, checkout and wallet calls are refused here, whatever the page shows. */
  purchasesBlocked: boolean;
  messages: ProxyMessages;
  /** Counts an order new to this visitor in the store's analytics; its failure is never the shopper's. */
  sendPurchase?: (receipt: Receipt) => Promise<void>;
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
  /** Whose an order placed now is (ownerOf), and the order this visitor's record already names. */
  orderRecord?: { owner: string | null; previous: OrderRecord | null };
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

type Answered = Extract<StoreAnswer, { kind: 'answered' }>;

function passThrough(answer: Answered, cookies: CookieOp[] = []): ProxyOutput {
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

/**
 * The visitor's session for a call made on their behalf (the proxy, bulk add's lookup); its
 * renewal asks with their App version and language, never the test-only rate-limit header.
 */
export function visitorSessionFor(
  deps: SenderSettings,
  input: { request: Request; accessToken: string | undefined; refreshToken: string | undefined },
): VisitorSession {
  const headers = upstreamRequestHeaders(input.request.headers, { allowRateLimitHeader: false });
  return new VisitorSession({ access: input.accessToken, refresh: input.refreshToken }, (refreshToken) =>
    renewTokens(refreshToken, headers, deps),
  );
}

/** Forwards the call with the visitor's session; the sender's hooks renew it when needed. */
async function forward(
  deps: ProxyDeps,
  input: ProxyInput,
  route: ProxyRoute,
  body: Uint8Array | null,
): Promise<ProxyOutput> {
  const headers = upstreamRequestHeaders(input.request.headers, {
    allowRateLimitHeader: !deps.production,
    clientAddress: input.clientAddress,
  });
  if (input.basketKey) headers.set(BASKET_KEY_HEADER, input.basketKey);
  const send = (session: VisitorSession) =>
    sendToStoreApi(upstreamPath(route, input.path), {
      method: route.method,
      query: input.search,
      headers: new Headers(headers),
      body,
      session,
      settings: deps,
    });
  const session = visitorSessionFor(deps, input);
  let answer = await send(session);
  let cookies: CookieOp[];
  if (session.state === 'ended') {
    if (route.kind !== 'basket') return loggedOut(deps);
    answer = await send(new VisitorSession({}));
    cookies = clearedAuthCookies(deps.secureCookies);
  } else {
    // A renewal spent the refresh token: its successor is kept even when the call itself got no answer.
    cookies = sessionCookieChanges(session, deps.secureCookies);
  }
  const output = answerFor(deps, input, route, answer, cookies);
  if (session.state === 'ended') output.headers.set(LOGGED_OUT_HEADER, '1');
  if (!session.accessToken) output.headers.set(SIGNED_OUT_HEADER, '1');
  return output;
}

/** The proxy's answer to what the store API made of the call. */
function answerFor(
  deps: ProxyDeps,
  input: ProxyInput,
  route: ProxyRoute,
  answer: StoreAnswer,
  cookies: CookieOp[],
): ProxyOutput {
  // `unanswered` tells the page the store's answer never came: the call may still have been carried out.
  if (answer.kind === 'timeout') return json(504, { message: deps.messages.timeout, unanswered: true }, cookies);
  if (answer.kind === 'unreachable')
    return json(502, { message: deps.messages.unreachable, unanswered: true }, cookies);
  // The breaker refused it unsent: the store API has been hanging, so the page shows its error state now.
  if (answer.kind === 'refused') return json(503, { message: deps.messages.unreachable }, cookies);
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
  const output = await forward(deps, request, route, body);
  if (isSuccess(output.status)) output.cookies.push(...keyCookies);
  if (route.placesOrder && isSuccess(output.status)) recordOrder(deps, input, body, output);
  return output;
}

function jsonOf(bytes: Uint8Array | string | null): unknown {
  if (bytes === null) return undefined;
  try {
    return JSON.parse(typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An answer that names an order (or a wallet payment begun) is recorded for the visitor, so
 * payment success reads that order from the store API on every showing; an order new to them
 * forgets the ordered basket and is counted once.
 */
function recordOrder(deps: ProxyDeps, input: ProxyInput, body: Uint8Array | null, output: ProxyOutput): void {
  const sent = jsonOf(body);
  const payType = typeof sent === 'object' && sent !== null ? (sent as Record<string, unknown>)['payType'] : undefined;
  const outcome = orderOutcome(
    toCheckoutAnswer(jsonOf(output.body)),
    isPaymentMethod(payType) ? payType : 'cc',
    input.orderRecord?.owner ?? null,
    input.orderRecord?.previous ?? null,
  );
  output.cookies.push(...outcomeCookies(outcome, deps.secureCookies));
  if (outcome.kind === 'placed' && outcome.isNew && deps.sendPurchase)
    void deps.sendPurchase(outcome.receipt).catch(() => undefined);
}
