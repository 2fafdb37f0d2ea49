import CircuitBreaker from 'opossum';
import { config, type AppConfig } from '~/config';
import { log } from './observability/log';
import { observeBreakerState } from './observability/upstream';

/**
 * Fails fast while the store API hangs. Every call the server sends to the store API goes through
 * one breaker: once `failuresInRow` calls in a row ran out of time (what one shopper meets, page
 * after page), or more than half of the calls of the last window did (and at least `minCalls` were
 * made: many shoppers at once), further calls are refused at once for `openMs`; then a single call goes
 * through as a probe, and its answer closes the breaker again (its timeout opens it for another
 * `openMs`). Only a wait that ran out counts: an answer of any status shows the store API is there,
 * and a refused connection fails at once by itself, so neither is worth refusing calls for.
 */
export interface BreakerSettings {
  /** Calls within the window before the breaker may open. */
  minCalls: number;
  /** Timeouts in a row, with no answer between them, that open the breaker whatever the window holds. */
  failuresInRow: number;
  /** How long calls are refused at once before the probe. */
  openMs: number;
  /** The window failures are counted in: long enough to see a call fail after its whole wait. */
  windowMs: number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/** A call refused without being sent: the store API has been hanging. */
export class UpstreamOpenError extends Error {
  constructor() {
    super('store API circuit open');
    this.name = 'UpstreamOpenError';
  }
}

/** A fetch given up for time: the caller's own timeout, or an abort in its place (ky aborts on its timeout). */
export function isTimeout(error: unknown): boolean {
  const name = error instanceof Error ? error.name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}

export interface UpstreamBreaker {
  /** `send` behind the breaker: refused with UpstreamOpenError while it is open. */
  readonly fetch: typeof globalThis.fetch;
  state(): BreakerState;
  /** Stops its timers (tests). */
  shutdown(): void;
}

type Send = () => Promise<Response>;

export function createUpstreamBreaker(
  send: typeof globalThis.fetch,
  settings: BreakerSettings,
  onChange: (state: BreakerState) => void = () => {},
): UpstreamBreaker {
  const breaker = new CircuitBreaker<[Send], Response>((call) => call(), {
    // The senders keep their own timeout; the breaker only counts what came of it.
    timeout: false,
    resetTimeout: settings.openMs,
    errorThresholdPercentage: 50,
    volumeThreshold: settings.minCalls,
    rollingCountTimeout: settings.windowMs,
    rollingCountBuckets: 10,
    rollingPercentilesEnabled: false,
    enableSnapshots: false,
    errorFilter: (error: unknown) => !isTimeout(error),
  });
  const state = (): BreakerState => (breaker.opened ? 'open' : breaker.halfOpen ? 'half-open' : 'closed');
  let timeoutsInRow = 0;
  // 'failure' is a timeout (errorFilter); 'success' any answer, or a failure that is no timeout.
  breaker.on('failure', () => {
    timeoutsInRow += 1;
    if (timeoutsInRow >= settings.failuresInRow) breaker.open();
  });
  breaker.on('success', () => (timeoutsInRow = 0));
  breaker.on('open', () => (timeoutsInRow = 0));
  breaker.on('open', () => onChange('open'));
  breaker.on('halfOpen', () => onChange('half-open'));
  breaker.on('close', () => onChange('closed'));
  return {
    fetch: async (input, init) => {
      try {
        return await breaker.fire(() => send(input, init));
      } catch (error) {
        if (error instanceof Error && (error as { code?: unknown }).code === 'EOPENBREAKER')
          throw new UpstreamOpenError();
        throw error;
      }
    },
    state,
    shutdown: () => breaker.shutdown(),
  };
}

/** The settings of the site's one breaker; its window holds at least two whole waits. */
export function breakerSettings(
  settings: Pick<
    AppConfig,
    'UPSTREAM_TIMEOUT_MS' | 'UPSTREAM_BREAKER_MIN_CALLS' | 'UPSTREAM_BREAKER_FAILURES' | 'UPSTREAM_BREAKER_OPEN_MS'
  >,
): BreakerSettings {
  return {
    minCalls: settings.UPSTREAM_BREAKER_MIN_CALLS,
    failuresInRow: settings.UPSTREAM_BREAKER_FAILURES,
    openMs: settings.UPSTREAM_BREAKER_OPEN_MS,
    windowMs: Math.max(10_000, 2 * settings.UPSTREAM_TIMEOUT_MS),
  };
}

const breaker = createUpstreamBreaker(
  (input, init) => globalThis.fetch(input, init),
  breakerSettings(config),
  (state) => {
    observeBreakerState(state);
    if (state === 'open') log.warn({ openMs: config.UPSTREAM_BREAKER_OPEN_MS }, 'store API breaker open');
    else log.info({ state }, 'store API breaker ' + state);
  },
);

observeBreakerState(breaker.state());

/** The one way the server sends to the store API (the proxy, the page controllers, the actions). */
export const upstreamFetch: typeof globalThis.fetch = breaker.fetch;
