import { describe, expect, it } from 'vitest';
import { isSaturated, wasSaturatedRecently, SATURATED_LAG_MS, SATURATED_UTILIZATION } from '~/lib/server/instance-load';

describe('isSaturated', () => {
  it('reads a busy event loop or late timers as a saturated instance, and neither as one that is not', () => {
    expect(isSaturated({ utilization: SATURATED_UTILIZATION, lagP99Ms: 1 })).toBe(true);
    expect(isSaturated({ utilization: 0.2, lagP99Ms: SATURATED_LAG_MS })).toBe(true);
    expect(isSaturated({ utilization: SATURATED_UTILIZATION - 0.01, lagP99Ms: SATURATED_LAG_MS - 1 })).toBe(false);
  });

  it('holds one saturated interval of a wait against the whole wait', () => {
    const calm = { utilization: 0.1, lagP99Ms: 2 };
    expect(wasSaturatedRecently([calm, calm, calm])).toBe(false);
    expect(wasSaturatedRecently([calm, { utilization: 1, lagP99Ms: 900 }, calm])).toBe(true);
    expect(wasSaturatedRecently([])).toBe(false);
  });
});
