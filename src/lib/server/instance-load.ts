import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * Whether this instance is too busy to judge the store API: when its own event loop is saturated
 * (its CPU, or a machine whose cores others hold), a call's timer fires late and its answer waits
 * unread, so a timeout says more of the instance than of the store API behind it.
 */
export interface LoadSample {
  /** Share of the last interval the event loop was busy, 0 to 1. */
  utilization: number;
  /** The 99th percentile of how late the event loop ran its timers in the last interval, in ms. */
  lagP99Ms: number;
}

/** Busier than this, a timeout is not held against the store API. */
export const SATURATED_UTILIZATION = 0.9;
export const SATURATED_LAG_MS = 1000;

export function isSaturated(sample: LoadSample): boolean {
  return sample.utilization >= SATURATED_UTILIZATION || sample.lagP99Ms >= SATURATED_LAG_MS;
}

/** Saturated now, or in any interval a call still waiting could have begun in. */
export function wasSaturatedRecently(samples: readonly LoadSample[]): boolean {
  return samples.some(isSaturated);
}

const SAMPLE_MS = 500;

/**
 * Samples the event loop every half second and keeps the samples of the last `spanMs` (a call's
 * whole wait), so a timeout is judged against the load it was waiting through.
 */
export function sampleInstanceLoad(spanMs: number): { saturated: () => boolean; stop: () => void } {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  let last = performance.eventLoopUtilization();
  const kept = Math.max(1, Math.ceil(spanMs / SAMPLE_MS));
  const samples: LoadSample[] = [];
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    samples.push({
      utilization: performance.eventLoopUtilization(now, last).utilization,
      lagP99Ms: delay.percentile(99) / 1e6,
    });
    if (samples.length > kept) samples.shift();
    last = now;
    delay.reset();
  }, SAMPLE_MS);
  timer.unref();
  return {
    saturated: () => wasSaturatedRecently(samples),
    stop: () => {
      clearInterval(timer);
      delay.disable();
    },
  };
}
