import { decodeJwt } from 'jose';
import { refreshAnswerSchema } from './session-cookies';
import { callUpstream, jsonOf, type UpstreamSettings } from './upstream';

export const TOKEN_PREFIX = 'ps';
/** A refresh answer is reused this long for calls still carrying the old refresh cookie. */
const REUSE_MS = 30_000;

export type RefreshOutcome = { ok: true; token: string; refreshToken: string } | { ok: false; status: number };

const pending = new Map<string, Promise<RefreshOutcome>>();
const recent = new Map<string, { outcome: RefreshOutcome; at: number }>();

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

async function refreshOnce(settings: UpstreamSettings, refreshToken: string, headers: Headers): Promise<RefreshOutcome> {
  const sendHeaders = new Headers({ 'content-type': 'application/json' });
  for (const name of REFRESH_HEADERS) {
    const value = headers.get(name);
    if (value !== null) sendHeaders.set(name, value);
  }
  try {
    const answer = await callUpstream(settings, {
      method: 'POST',
      path: 'v2/auth/refresh',
      search: '',
      headers: sendHeaders,
      body: new TextEncoder().encode(JSON.stringify({ tokenPrefix: TOKEN_PREFIX, refreshToken })),
    });
    if (answer.status >= 300) return { ok: false, status: answer.status };
    const parsed = refreshAnswerSchema.safeParse(jsonOf(answer));
    return parsed.success ? { ok: true, token: parsed.data.token, refreshToken: parsed.data.refreshToken } : { ok: false, status: 502 };
  } catch {
    return { ok: false, status: 504 };
  }
}

/**
 * Exchanges a refresh token once, however many calls ask at the same moment: refresh tokens
 * rotate, so a second exchange of the same token would fail and log the visitor out.
 */
export function refreshTokens(settings: UpstreamSettings, refreshToken: string, headers: Headers = new Headers(), now: number = Date.now()): Promise<RefreshOutcome> {
  for (const [key, entry] of recent) if (now - entry.at > REUSE_MS) recent.delete(key);
  const reused = recent.get(refreshToken);
  if (reused?.outcome.ok) return Promise.resolve(reused.outcome);
  const running = pending.get(refreshToken);
  if (running) return running;
  const started = refreshOnce(settings, refreshToken, headers).then((outcome) => {
    pending.delete(refreshToken);
    if (outcome.ok) recent.set(refreshToken, { outcome, at: Date.now() });
    return outcome;
  });
  pending.set(refreshToken, started);
  return started;
}

export function forgetRefreshes(): void {
  pending.clear();
  recent.clear();
}
