import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it stands and fails with one line per violation (rule, impact,
 * elements), so a failure names what to fix without opening a report. Every impact counts, minor
 * ones included: the pages have none, and a new one is cheaper to fix the day it appears.
 *
 * Legacy mode runs axe in the page itself. The default gathers each frame's results and finishes
 * them in a blank page it opens for every check, which more than doubled each check's time; the
 * store's pages hold no frame of another origin, the one case that needs it.
 *
 * Each check brings its own time to the test: a few seconds on a quiet machine, up to fifteen with
 * the other core busy, so a journey of several checks is not timed out by the checks alone.
 */
const CHECK_ALLOWANCE_MS = 15_000;

export async function expectAccessible(page: Page, state: string): Promise<void> {
  test.info().setTimeout(test.info().timeout + CHECK_ALLOWANCE_MS);
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `${state} at ${page.url()}`).toEqual([]);
}
