/**
 * One deadline per request, not per call: a page that calls the store API three times in a row
 * still answers within UPSTREAM_TIMEOUT_MS, each call waiting only for what is left of it.
 */
export interface Deadline {
  /** When the request's time for the store API runs out, in ms since the epoch. */
  readonly endsAt: number;
}

export function deadlineAfter(ms: number, now: number = Date.now()): Deadline {
  return { endsAt: now + ms };
}

/**
 * Less left than this, a call is not sent: the answer could not come in time, and a timer may fire
 * a millisecond before the clock says the deadline has passed.
 */
const LEAST_WAIT_MS = 20;

/**
 * How long one call may wait: what is left of its request's time, never more than its own limit;
 * 0 (not sent) when too little is left.
 */
export function callWaitMs(limitMs: number, deadline: Deadline | undefined, now: number = Date.now()): number {
  if (!deadline) return limitMs;
  const left = deadline.endsAt - now;
  return left < LEAST_WAIT_MS ? 0 : Math.min(limitMs, left);
}
