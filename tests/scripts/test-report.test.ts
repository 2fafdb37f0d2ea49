import { describe, expect, it } from 'vitest';
import { formatSteps, slowestFiles } from '../../scripts/test-report.mjs';

describe("npm test's closing report", () => {
  it("reads each file's time from a Vitest report and sums each file's tests in a Playwright report", () => {
    const vitest = { testResults: [{ name: `${process.cwd()}/tests/a.test.ts`, startTime: 1000, endTime: 3500 }] };
    expect(slowestFiles(vitest)).toEqual([{ file: 'tests/a.test.ts', ms: 2500 }]);
    const playwright = {
      suites: [
        {
          file: 'cart.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 1200 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 800 }] }] }] }],
        },
      ],
    };
    expect(slowestFiles(playwright)).toEqual([{ file: 'e2e/cart.spec.ts', ms: 2000 }]);
    expect(slowestFiles({ passed: 3, failed: 0 })).toEqual([]);
  });

  it('prints every step with its time and counts, the wall clock, and the slowest files first', () => {
    const text = formatSteps(
      [
        { label: 'eslint', ms: 30000, passed: 1, failed: 0 },
        { label: 'playwright', ms: 300000, passed: 200, failed: 1 },
      ],
      [
        { file: 'e2e/a.spec.ts', ms: 1000 },
        { file: 'e2e/b.spec.ts', ms: 9000 },
      ],
      331000,
    );
    expect(text).toMatch(/eslint\s+30\.0 s\s+1\s+0/);
    expect(text).toMatch(/playwright\s+300\.0 s\s+200\s+1/);
    expect(text).toMatch(/all \(wall clock\)\s+331\.0 s/);
    expect(text.indexOf('e2e/b.spec.ts')).toBeLessThan(text.indexOf('e2e/a.spec.ts'));
  });
});
