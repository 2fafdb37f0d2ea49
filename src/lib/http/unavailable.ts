import { config } from '~/config';
import type { Failure } from '~/lib/store-api/result';

/**
 * A page that could not load what it exists for, because the store API is out, answers 503 with
 * Retry-After and is never kept, so balancers, caches and monitors see the outage; it still draws
 * its translated error state with retry, and keeps what the shopper typed.
 */

/** A failure status that says the store API is out (502 unreachable, 504 too slow, its own 503), not that it refused this request. */
export function isStoreOutage(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A failed read of the store API that says it is out: no answer at all, or one of the statuses above. */
export function isOutageFailure(failure: Failure): boolean {
  return failure.kind === 'offline' || (failure.kind === 'http' && isStoreOutage(failure.status));
}

/** A failed call's mark on what a form's action answers, so its page can tell an outage from a refusal. */
export function outageMark(failure: Failure): { outage?: true } {
  return isOutageFailure(failure) ? { outage: true } : {};
}

/** When asking again is worth it: once an open breaker lets its probe through. */
export function retryAfterSeconds(breakerOpenMs: number): number {
  return Math.max(1, Math.ceil(breakerOpenMs / 1000));
}

/** Makes a page's answer the outage's: set after the page's own caching, which it replaces. */
export function answerUnavailable(response: { status?: number; headers: Headers }): void {
  response.status = 503;
  response.headers.set('Retry-After', String(retryAfterSeconds(config.UPSTREAM_BREAKER_OPEN_MS)));
  response.headers.set('Cache-Control', 'no-store');
}

/**
 * A page's answer to a form it could not carry out: the outage's when the store API was out, since
 * the same form may go through once it is back; else 400, a form refused or unreadable, which
 * sending again as it is will not change.
 */
export function answerFormNotDone(response: { status?: number; headers: Headers }, outage: boolean): void {
  if (outage) answerUnavailable(response);
  else response.status = 400;
}
