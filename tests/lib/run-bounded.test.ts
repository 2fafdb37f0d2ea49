import { describe, expect, it } from 'vitest';
import { runBounded } from '~/lib/run-bounded';

describe('bounded lookups', () => {
  it('never has more than the limit in flight and reports every result', async () => {
    let inFlight = 0;
    let peak = 0;
    const settled: number[] = [];
    await runBounded(
      Array.from({ length: 40 }, (_, i) => i),
      4,
      async (value) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1 + (value % 3)));
        inFlight -= 1;
        return value * 2;
      },
      (result) => settled.push(result),
    );
    expect(peak).toBe(4);
    expect(settled.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });
  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const settled: number[] = [];
    await runBounded(
      Array.from({ length: 20 }, (_, i) => i),
      2,
      async (value) => {
        await Promise.resolve();
        if (value === 3) controller.abort();
        return value;
      },
      (result) => settled.push(result),
      controller.signal,
    );
    expect(settled.length).toBeLessThan(5);
  });
});
