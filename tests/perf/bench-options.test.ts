import { describe, expect, it } from 'vitest';
import { BENCH_PARTS, benchOptions } from '../../scripts/perf/bench-options.mjs';

const routes = [{ name: 'return policy' }, { name: 'customer form' }, { name: 'review order' }];

describe('benchOptions', () => {
  it('measures every part on every route without arguments, as a full report', () => {
    expect(benchOptions([], routes)).toEqual({
      parts: new Set(BENCH_PARTS),
      routeNames: null,
      gzip: false,
      partial: false,
    });
  });

  it('narrows to the parts and the routes named, and marks the run partial', () => {
    const options = benchOptions(['--only=lighthouse', '--pages=return policy, review order'], routes);
    expect(options).toEqual({
      parts: new Set(['lighthouse']),
      routeNames: new Set(['return policy', 'review order']),
      gzip: false,
      partial: true,
    });
  });

  it('loads the pages through compression on --gzip, a run unlike the full report', () => {
    expect(benchOptions(['--gzip'], routes)).toMatchObject({ gzip: true, partial: true });
  });

  it('refuses a part, a route or an argument it does not know, rather than measuring less than asked', () => {
    expect(() => benchOptions(['--only=lighthous'], routes)).toThrow(/lighthous/);
    expect(() => benchOptions(['--pages=review'], routes)).toThrow(/review/);
    expect(() => benchOptions(['--pages='], routes)).toThrow(/nothing/);
    expect(() => benchOptions(['--runs=1'], routes)).toThrow(/--runs=1/);
  });
});
