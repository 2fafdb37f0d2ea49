/**
 * Login throttling: failures are counted per client and per account inside a window; past the
 * free failures each further attempt waits twice as long as the one before (backoff), capped.
 * The account's cap is short so that nobody can lock another person out of their account; a
 * client's cap is long, and a refused attempt is not counted against the account, so one client
 * cannot keep an account waiting either. A client gets more free failures than an account:
 * many people may share one address (an office, a mobile network).
 */
export interface Backoff {
  freeFailures: number;
  maxDelayMs: number;
}
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const FIRST_DELAY_MS = 15 * 1000;
export const ACCOUNT_BACKOFF: Backoff = { freeFailures: 5, maxDelayMs: 60 * 1000 };
export const CLIENT_BACKOFF: Backoff = { freeFailures: 20, maxDelayMs: 15 * 60 * 1000 };
export const RATE_LIMIT_MESSAGE = 'rate limit exceeded';

/** Milliseconds before the next attempt is heard, given failure times (epoch ms); 0: at once. */
export function loginDelay(failureTimes: readonly number[], now: number, backoff: Backoff): number {
  const recent = failureTimes.filter((at) => at <= now && now - at < LOGIN_FAILURE_WINDOW_MS);
  if (recent.length < backoff.freeFailures) return 0;
  const delay = Math.min(FIRST_DELAY_MS * 2 ** (recent.length - backoff.freeFailures), backoff.maxDelayMs);
  return Math.max(0, Math.max(...recent) + delay - now);
}

export function windowStart(now: number): number {
  return now - LOGIN_FAILURE_WINDOW_MS;
}
