import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { upstreamRequestHeaders } from './headers';
import { callUpstream, jsonOf, type UpstreamSettings } from './upstream';
import { refreshAnswerSchema } from '~/lib/session/login-answer';
import * as ENDPOINTS from '~/lib/store-api/endpoints';

export const TOKEN_PREFIX = 'ps';
/**
 * How long a refresh answer is handed again to calls of the same browser that still carry the
 * spent refresh cookie (island calls sent before the first answer's cookies arrived).
 */
export const REUSE_MS = 10_000;

export type RefreshOutcome = { ok: true; token: string; refreshToken: string } | { ok: false; status: number };
type Refreshed = Extract<RefreshOutcome, { ok: true }>;

/**
 * A refresh in flight or just answered, under the hash of the spent refresh token (no token is
 * kept as a key), bound to the hash of the access token that came with it: only a call carrying
 * that same pair, as the visitor's own cookie jar does, shares the answer.
 */
interface Exchange {
  binding: string;
  running: Promise<RefreshOutcome>;
  outcome?: Refreshed;
  at?: number;
}

const exchanges = new Map<string, Exchange>();

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** True when the access token is missing, unreadable or expires within the next few seconds. */
export function isAccessTokenStale(token: string | undefined, now: number = Date.now(), skewSeconds = 5): boolean {
  if (!token) return true;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp - skewSeconds <= Math.floor(now / 1000);
  } catch {
    return false;
  }
}

/** Only the pipeline's own headers (App and the like) go along; never a length, cookie or token of another call. */
const REFRESH_HEADERS = ['app', 'client-timestamp', 'accept-language'] as const;

async function refreshOnce(
  settings: UpstreamSettings,
  refreshToken: string,
  headers: Headers,
): Promise<RefreshOutcome> {
  const sendHeaders = new Headers({ 'content-type': 'application/json' });
  for (const name of REFRESH_HEADERS) {
    const value = headers.get(name);
    if (value !== null) sendHeaders.set(name, value);
  }
  try {
    const answer = await callUpstream(settings, {
      method: ENDPOINTS.refresh.method,
      path: ENDPOINTS.refresh.path,
      search: '',
      headers: sendHeaders,
      body: new TextEncoder().encode(JSON.stringify({ tokenPrefix: TOKEN_PREFIX, refreshToken })),
    });
    if (answer.status >= 300) return { ok: false, status: answer.status };
    const parsed = refreshAnswerSchema.safeParse(jsonOf(answer));
    return parsed.success
      ? { ok: true, token: parsed.data.token, refreshToken: parsed.data.refreshToken }
      : { ok: false, status: 502 };
  } catch {
    return { ok: false, status: 504 };
  }
}

/**
 * The rule for sharing one exchange: the same spent refresh token and the same access token
 * (one browser's pair), within REUSE_MS of the answer. A call without an access token, or with
 * another one, never gets the answer: its spent token goes to the store API, whose reuse
 * detection then ends that token family.
 */
export function mayShareExchange(
  entry: { binding: string; at?: number },
  binding: string | null,
  now: number,
): boolean {
  if (binding === null || entry.binding !== binding) return false;
  return entry.at === undefined || now - entry.at <= REUSE_MS;
}

function forgetStale(now: number): void {
  for (const [key, entry] of exchanges) if (entry.at !== undefined && now - entry.at > REUSE_MS) exchanges.delete(key);
}

/**
 * Exchanges a refresh token once, however many calls of the same browser ask at the same moment:
 * refresh tokens rotate, so a second exchange of the same token would fail and log the visitor
 * out. `accessToken` is the access cookie sent along with the refresh cookie; see mayShareExchange.
 */
export async function refreshTokens(
  settings: UpstreamSettings,
  refreshToken: string,
  headers: Headers = new Headers(),
  accessToken?: string,
  now: number = Date.now(),
): Promise<RefreshOutcome> {
  forgetStale(now);
  const key = digest(refreshToken);
  const binding = accessToken ? digest(accessToken) : null;
  const known = exchanges.get(key);
  if (known && mayShareExchange(known, binding, now)) return known.outcome ?? known.running;
  // Another client's call waits for the exchange in flight, so its spent token reaches the API after it.
  if (known && known.at === undefined) await known.running;
  const running = refreshOnce(settings, refreshToken, headers);
  if (binding === null || exchanges.has(key)) {
    const outcome = await running;
    // The store API refused the spent token (reuse): the tokens remembered for it are void as well.
    if (!outcome.ok && outcome.status === 401) exchanges.delete(key);
    return outcome;
  }
  const entry: Exchange = { binding, running };
  exchanges.set(key, entry);
  const outcome = await running;
  if (exchanges.get(key) !== entry) return outcome;
  if (outcome.ok) {
    entry.outcome = outcome;
    entry.at = Date.now();
  } else exchanges.delete(key);
  return outcome;
}

/**
 * A logout (or any end of a session) takes back every shared answer of that session: the spent
 * token it came from, and the tokens it handed out.
 */
export function forgetSessionRefreshes(...tokens: (string | undefined)[]): void {
  const ended = new Set(tokens.filter((token): token is string => Boolean(token)));
  if (ended.size === 0) return;
  const hashes = new Set([...ended].map(digest));
  for (const [key, entry] of exchanges) {
    if (hashes.has(key) || (entry.outcome && (ended.has(entry.outcome.refreshToken) || ended.has(entry.outcome.token))))
      exchanges.delete(key);
  }
}

export function forgetRefreshes(): void {
  exchanges.clear();
}

/**
 * Renews a visitor's session for a call made on their behalf (the proxy, bulk add's lookup): sent
 * with their address and never the test-only rate-limit header. Null when the refresh is refused.
 */
export function renewerFor(
  settings: UpstreamSettings,
  visitor: { request: Request; accessToken: string | undefined; clientAddress?: string | undefined },
): (refreshToken: string) => Promise<Refreshed | null> {
  return async (refreshToken) => {
    const headers = upstreamRequestHeaders(visitor.request.headers, {
      allowRateLimitHeader: false,
      clientAddress: visitor.clientAddress,
    });
    const refreshed = await refreshTokens(settings, refreshToken, headers, visitor.accessToken);
    return refreshed.ok ? refreshed : null;
  };
}
