import { describe, expect, it } from 'vitest';
import { HTML_BUDGET_BYTES, KB, htmlBudgetVerdict } from '../../scripts/perf/bundle.mjs';

describe('HTML budgets', () => {
  it('hold a route to its own ceiling, and say by how much a page exceeds it', () => {
    const ceiling = HTML_BUDGET_BYTES['customer form'];
    expect(htmlBudgetVerdict('customer form', { htmlBytes: ceiling }).ok).toBe(true);
    expect(htmlBudgetVerdict('customer form', { htmlBytes: ceiling + 0.1 * KB })).toEqual({
      ok: false,
      reason: `${((ceiling + 0.1 * KB) / KB).toFixed(1)} KB of HTML exceeds ${(ceiling / KB).toFixed(1)} KB`,
    });
  });

  it('hold a route without a ceiling of its own to the default', () => {
    const ceiling = HTML_BUDGET_BYTES.default;
    expect(htmlBudgetVerdict('no such route', { htmlBytes: ceiling }).ok).toBe(true);
    expect(htmlBudgetVerdict('no such route', { htmlBytes: ceiling + 1 }).ok).toBe(false);
  });
});
