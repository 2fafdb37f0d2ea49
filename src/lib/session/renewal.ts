import type { AstroCookies } from 'astro';
import { decodeJwt } from 'jose';
import type { Endpoint } from '~/lib/store-api/endpoint';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendFromServer, type SenderSession, type SenderSettings, type ServerCall } from '~/lib/store-api/server';
import { failed, failureStatus, type Result } from '~/lib/store-api/result';
import type { SessionTokens } from '~/lib/store-api/session';
import { applyCookies, secureCookiesFor, type CookieOp } from './cookie-options';
import { clearedAuthCookies } from './session-cookies';
import { sessionTokensOf, tokenCookies } from './tokens';

/** Sent with sign-in, refresh and logout, as the spec's calls carry it. */
export const TOKEN_PREFIX = 'ps';

/** The tokens a refresh handed out. */
export type RenewedTokens = SessionTokens;

/**
 * What exchanging a refresh token came to: new tokens; refused (the session is over: the token
 * was revoked, spent or unknown); or no usable answer (the store API is down or slow), which ends
 * nothing, so a shopper is not logged out by an outage.
 */
export type Renewal = { kind: 'renewed'; tokens: RenewedTokens } | { kind: 'refused' } | { kind: 'unavailable' };

/** Answers of the refresh call that mean the token itself is not accepted. */
const REFUSED_STATUSES = new Set([400, 401, 403]);

/**
 * True when the access token is missing, or expires within a margin: five seconds, or a fifth of
 * the token's life when that is shorter, so a short-lived token is not renewed on every call.
 * An unreadable token is left to the store API to refuse.
 */
export function isAccessTokenStale(token: string | undefined, now: number = Date.now()): boolean {
  if (!token) return true;
  try {
    const { exp, iat } = decodeJwt(token);
    if (typeof exp !== 'number') return false;
    const margin = typeof iat === 'number' ? Math.min(5, (exp - iat) / 5) : 5;
    return exp - margin <= now / 1000;
  } catch {
    return false;
  }
}

/** Only the pipeline's own headers go along with a refresh; never a length, cookie or token of another call. */
const RENEWAL_HEADERS = ['app', 'client-timestamp', 'accept-language'] as const;

/**
 * Exchanges a refresh token at the store API. Several instances may exchange the same token at
 * the same moment: the store API answers them all with the same pair within its replay window.
 */
export async function renewTokens(
  refreshToken: string,
  visitorHeaders: Headers = new Headers(),
  settings?: Partial<SenderSettings>,
): Promise<Renewal> {
  const headers = new Headers();
  for (const name of RENEWAL_HEADERS) {
    const value = visitorHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  const result = await sendFromServer(ENDPOINTS.refresh, {
    body: { tokenPrefix: TOKEN_PREFIX, refreshToken },
    headers,
    ...(settings ? { settings } : {}),
  });
  if (result.ok) return { kind: 'renewed', tokens: result.value };
  // An unreadable answer, an error of the store API's own or no answer at all ends nothing.
  return REFUSED_STATUSES.has(failureStatus(result.failure)) ? { kind: 'refused' } : { kind: 'unavailable' };
}

/** Where a visitor's session stands after this request's calls. */
export type SessionState = SenderSession['state'];

/**
 * A visitor's session for one request: the one renewal rule, shared by the page guard, the proxy
 * and the actions (through the sender's hooks). An access token known to be stale is renewed
 * before a call; a 401 to a call that carried a token is answered by one renewal and one retry.
 * At most one renewal per request. A refused renewal, a stale token without a refresh token, or
 * a retry refused again ends the session; an unanswered renewal leaves it as it was.
 */
export class VisitorSession implements SenderSession {
  #access: string | undefined;
  readonly #refresh: string | undefined;
  readonly #renew: (refreshToken: string) => Promise<Renewal>;
  #state: SessionState = 'unchanged';
  #renewed: RenewedTokens | null = null;

  constructor(
    tokens: { access?: string | undefined; refresh?: string | undefined },
    renew: (refreshToken: string) => Promise<Renewal> = (refreshToken) => renewTokens(refreshToken),
  ) {
    this.#access = tokens.access;
    this.#refresh = tokens.refresh;
    this.#renew = renew;
  }

  get state(): SessionState {
    return this.#state;
  }

  /** The access token to send now. */
  get accessToken(): string | undefined {
    return this.#state === 'ended' ? undefined : this.#access;
  }

  /** The tokens to store when the session was renewed. */
  get renewed(): RenewedTokens | null {
    return this.#renewed;
  }

  /** Before a call (or a page): renews a token known to be stale; a session without tokens is left alone. */
  async renewIfStale(): Promise<SessionState> {
    if (this.#state !== 'unchanged' || (!this.#access && !this.#refresh)) return this.#state;
    if (!isAccessTokenStale(this.#access)) return this.#state;
    if (!this.#refresh) return this.end();
    return this.#renewOnce();
  }

  /** After a 401 to a call that carried a token: whether to send it again with the renewed token. */
  async retryAfterRefusal(): Promise<boolean> {
    if (this.#state !== 'unchanged' || !this.#refresh) {
      if (this.#state !== 'unavailable') this.end();
      return false;
    }
    return (await this.#renewOnce()) === 'renewed';
  }

  end(): SessionState {
    this.#state = 'ended';
    return this.#state;
  }

  async #renewOnce(): Promise<SessionState> {
    const renewal = await this.#renew(this.#refresh ?? '');
    if (renewal.kind === 'renewed') {
      this.#renewed = renewal.tokens;
      this.#access = renewal.tokens.token;
      this.#state = 'renewed';
    } else this.#state = renewal.kind === 'refused' ? 'ended' : 'unavailable';
    return this.#state;
  }
}

/** The cookies a request sets for where its session ended up: new tokens, none, or no change. */
export function sessionCookieChanges(session: Pick<VisitorSession, 'state' | 'renewed'>, secure: boolean): CookieOp[] {
  if (session.state === 'ended') return clearedAuthCookies(secure);
  if (session.state === 'renewed' && session.renewed) return tokenCookies(session.renewed, secure);
  return [];
}

/** The answer an action gets when the session is over: the store's own 401. */
export const SESSION_ENDED_ERROR = 'session ended';

/**
 * One call of the table with the visitor's session (the actions): the renewal runs in the
 * sender's hooks, renewed tokens go into the session cookies; a session that is over has its
 * token cookies cleared and answers a 401.
 */
export async function sendAsVisitor<T>(
  context: { cookies: AstroCookies; url: URL },
  entry: Endpoint<T>,
  call: Omit<ServerCall, 'token' | 'session'> = {},
  renew?: (refreshToken: string) => Promise<Renewal>,
): Promise<Result<T>> {
  const secure = secureCookiesFor(context.url);
  const session = new VisitorSession(sessionTokensOf(context.cookies, secure), renew);
  const result = await sendFromServer(entry, { ...call, session });
  applyCookies(context.cookies, sessionCookieChanges(session, secure));
  if (session.state === 'ended') return failed({ kind: 'http', status: 401, message: SESSION_ENDED_ERROR, body: null });
  return result;
}

/**
 * The page guard's renewal, before any page or form post is decided: a stale token is renewed and
 * the new cookies set; a session that is over has its token cookies cleared (the basket stays).
 */
export async function renewBeforePage(
  context: { cookies: AstroCookies; url: URL; request: Request },
  renew: (refreshToken: string) => Promise<Renewal> = (refreshToken) =>
    renewTokens(refreshToken, context.request.headers),
): Promise<SessionState> {
  const secure = secureCookiesFor(context.url);
  const session = new VisitorSession(sessionTokensOf(context.cookies, secure), renew);
  const state = await session.renewIfStale();
  applyCookies(context.cookies, sessionCookieChanges(session, secure));
  return state;
}
