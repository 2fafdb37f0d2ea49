import CircuitBreaker from 'opossum';
import { config, type AppConfig } from '~/config';
import { BREAKER_GROUPS, breakerGroupOf, pathBelowRoot, type BreakerGroup } from './breaker-groups';
import { sampleInstanceLoad } from './instance-load';
import { log } from './observability/log';
import { observeBreakerState } from './observability/upstream';

/**
 * Fails fast while a part of the store API hangs. Each group of calls (src/lib/server/breaker-groups.ts)
 * goes through a breaker of its own: once more than half of the group's calls of the last window
 * ran out of time, and at least `minCalls` were made, further calls of that group are refused at
 * once for `openMs`; then a single call of the group goes through as a probe, and its answer closes
 * the breaker again (its timeout opens it for another `openMs`). Only a wait that ran out counts:
 * an answer of any status shows the store API is there, and a refused connection fails at once by
 * itself, so neither is worth refusing calls for; nor does a timeout while this instance's own
 * event loop was saturated, which says the site is slow, not the store.
 */
export interface BreakerSettings {
  /** Calls of a group within the window before its breaker may open. */
  minCalls: number;
  /** How long calls are refused at once before the probe. */
  openMs: number;
  /** The window failures are counted in: long enough to hold several whole waits of one shopper. */
  windowMs: number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/** A call refused without being sent: its part of the store API has been hanging. */
export class UpstreamOpenError extends Error {
  constructor(readonly group: BreakerGroup) {
    super(`store API circuit open (${group})`);
    this.name = 'UpstreamOpenError';
  }
}

/** A fetch given up for time: the caller's own timeout, or an abort in its place (ky aborts on its timeout). */
export function isTimeout(error: unknown): boolean {
  const name = error instanceof Error ? error.name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}

export interface UpstreamBreakers {
  /** `send` behind the breaker of the call's group: refused with UpstreamOpenError while it is open. */
  readonly fetch: typeof globalThis.fetch;
  state(group: BreakerGroup): BreakerState;
  /** Stops their timers (tests). */
  shutdown(): void;
}

export interface BreakerOptions {
  /** The store API's root, which call paths are grouped below. */
  root: URL;
  onChange?: (group: BreakerGroup, state: BreakerState) => void;
  /** Whether this instance was too busy lately for a timeout to count against the store API. */
  saturated?: () => boolean;
}

type Send = () => Promise<Response>;

function urlOf(input: Parameters<typeof globalThis.fetch>[0]): URL | null {
  const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
  return URL.canParse(href) ? new URL(href) : null;
}

export function createUpstreamBreakers(
  send: typeof globalThis.fetch,
  settings: BreakerSettings,
  options: BreakerOptions,
): UpstreamBreakers {
  const saturated = options.saturated ?? (() => false);
  const breakers = new Map<BreakerGroup, CircuitBreaker<[Send], Response>>();
  for (const group of BREAKER_GROUPS) {
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
      errorFilter: (error: unknown) => !isTimeout(error) || saturated(),
    });
    breaker.on('open', () => options.onChange?.(group, 'open'));
    breaker.on('halfOpen', () => options.onChange?.(group, 'half-open'));
    breaker.on('close', () => options.onChange?.(group, 'closed'));
    breakers.set(group, breaker);
  }
  const breakerOf = (group: BreakerGroup) => breakers.get(group)!;
  return {
    fetch: async (input, init) => {
      const url = urlOf(input);
      const group = breakerGroupOf((url && pathBelowRoot(url, options.root)) ?? '');
      try {
        return await breakerOf(group).fire(() => send(input, init));
      } catch (error) {
        if (error instanceof Error && (error as { code?: unknown }).code === 'EOPENBREAKER')
          throw new UpstreamOpenError(group);
        throw error;
      }
    },
    state: (group) => {
      const breaker = breakerOf(group);
      return breaker.opened ? 'open' : breaker.halfOpen ? 'half-open' : 'closed';
    },
    shutdown: () => {
      for (const breaker of breakers.values()) breaker.shutdown();
    },
  };
}

/** The settings of the site's breakers; the window holds at least four whole waits. */
export function breakerSettings(
  settings: Pick<AppConfig, 'UPSTREAM_TIMEOUT_MS' | 'UPSTREAM_BREAKER_MIN_CALLS' | 'UPSTREAM_BREAKER_OPEN_MS'>,
): BreakerSettings {
  return {
    minCalls: settings.UPSTREAM_BREAKER_MIN_CALLS,
    openMs: settings.UPSTREAM_BREAKER_OPEN_MS,
    windowMs: Math.max(10_000, 4 * settings.UPSTREAM_TIMEOUT_MS),
  };
}

const load = sampleInstanceLoad(config.UPSTREAM_TIMEOUT_MS);
const breakers = createUpstreamBreakers((input, init) => globalThis.fetch(input, init), breakerSettings(config), {
  root: new URL(config.STORE_API_URL),
  saturated: load.saturated,
  onChange: (group, state) => {
    observeBreakerState(group, state);
    if (state === 'open') log.warn({ group, openMs: config.UPSTREAM_BREAKER_OPEN_MS }, 'store API breaker open');
    else log.info({ group, state }, 'store API breaker ' + state);
  },
});

for (const group of BREAKER_GROUPS) observeBreakerState(group, breakers.state(group));

/** The one way the server sends to the store API (the proxy, the page controllers, the actions). */
export const upstreamFetch: typeof globalThis.fetch = breakers.fetch;
