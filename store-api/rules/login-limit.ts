/** Login rate limit of the spec: five failed logins for one username within 15 minutes. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const RATE_LIMIT_MESSAGE = 'rate limit exceeded';

/** True when enough recent failures (epoch ms) exist that the next attempt must wait. */
export function isLoginLimited(failureTimes: readonly number[], now: number): boolean {
  return failureTimes.filter((at) => now - at < LOGIN_FAILURE_WINDOW_MS && at <= now).length >= LOGIN_FAILURE_LIMIT;
}

export function windowStart(now: number): number {
  return now - LOGIN_FAILURE_WINDOW_MS;
}
