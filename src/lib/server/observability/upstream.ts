import client from 'prom-client';
import { log } from './log';
import { currentRequestId } from './request-context';

export type UpstreamOutcome = 'ok' | 'status' | 'timeout' | 'unreachable';

/** How a call ended: answered (any status below 500), failed with a status, or no answer at all. */
export function outcomeOf(status: number | null, failure: 'timeout' | 'unreachable' | null): UpstreamOutcome {
  if (failure) return failure;
  return status !== null && status >= 500 ? 'status' : 'ok';
}

function metric<T extends client.Metric>(name: string, create: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? create();
}

// The default registry: the production entry serves it on METRICS_PORT.
const latency = metric(
  'upstream_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'upstream_request_duration_seconds',
      help: 'Store API calls by call name and outcome.',
      labelNames: ['call', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    }),
);
const errors = metric(
  'upstream_errors_total',
  () =>
    new client.Counter({
      name: 'upstream_errors_total',
      help: 'Store API calls that failed (5xx, timeout, unreachable).',
      labelNames: ['call', 'outcome'],
    }),
);

const BREAKER_STATES = ['closed', 'open', 'half-open'] as const;
const breakerState = metric(
  'upstream_breaker_state',
  () =>
    new client.Gauge({
      name: 'upstream_breaker_state',
      help: 'Each store API breaker by call group: 1 on its state now (closed, open, half-open), 0 on the others.',
      labelNames: ['group', 'state'],
    }),
);

/** A group's breaker state as a metric, so monitors see which part of the store API the pages answer 503 for. */
export function observeBreakerState(group: string, state: (typeof BREAKER_STATES)[number]): void {
  for (const each of BREAKER_STATES) breakerState.set({ group, state: each }, each === state ? 1 : 0);
}

export interface UpstreamObservation {
  call: string;
  durationMs: number;
  status: number | null;
  failure: 'timeout' | 'unreachable' | null;
}

/** Counts every call; logs a failure with its call name and request id, nothing of its content. */
export function observeUpstream(observation: UpstreamObservation): void {
  const outcome = outcomeOf(observation.status, observation.failure);
  latency.observe({ call: observation.call, outcome }, observation.durationMs / 1000);
  if (outcome === 'ok') return;
  errors.inc({ call: observation.call, outcome });
  log.warn(
    {
      call: observation.call,
      outcome,
      ...(observation.status === null ? {} : { status: observation.status }),
      durationMs: Math.round(observation.durationMs),
      requestId: currentRequestId(),
    },
    'upstream failed',
  );
}
