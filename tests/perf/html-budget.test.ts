import { describe, expect, it } from 'vitest';
import { HTML_BUDGET_BYTES, KB, htmlBudgetVerdict } from '../../scripts/perf/bundle.mjs';

describe('HTML budgets', () => {
  it('hold the customer form to 70 KB of HTML as served', () => {
    expect(htmlBudgetVerdict('customer form', { htmlBytes: 70 * KB }).ok).toBe(true);
    expect(htmlBudgetVerdict('customer form', { htmlBytes: 70 * KB + 1 })).toEqual({
      ok: false,
      reason: '70.0 KB of HTML exceeds 70.0 KB',
    });
  });

  it('hold a route without a ceiling of its own to the default', () => {
    const ceiling = HTML_BUDGET_BYTES.default;
    expect(htmlBudgetVerdict('no such route', { htmlBytes: ceiling }).ok).toBe(true);
    expect(htmlBudgetVerdict('no such route', { htmlBytes: ceiling + 1 }).ok).toBe(false);
  });
});
