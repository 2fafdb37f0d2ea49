import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it stands and fails with one line per violation (rule, impact,
 * elements), so a failure names what to fix without opening a report. Every impact counts, minor
 * ones included: the pages have none, and a new one is cheaper to fix the day it appears.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `${state} at ${page.url()}`).toEqual([]);
}
