import { test as base, expect, type BrowserContext, type ConsoleMessage } from '@playwright/test';
import { ensureSitesNamedIn } from './on-demand-sites';

// Every journey imports `test` from here: a page that throws, or logs a console error other than
// the browser's own note about an HTTP answer it was expected to get, fails the journey.
export * from '@playwright/test';

/**
 * Chromium logs every failed load ("Failed to load resource: the server responded with a status
 * of 404 (Not Found)", or net::ERR_… for a dropped connection) as a console error. The journeys
 * provoke those on purpose (refused calls, test faults); anything else a page logs is a fault.
 */
const EXPECTED_HTTP_STATUS =
  /^Failed to load resource: (the server responded with a status of \d{3}\b|net::ERR_[A-Z_]+)/;

export function isUnexpectedConsoleError(message: Pick<ConsoleMessage, 'type' | 'text'>): boolean {
  return message.type() === 'error' && !EXPECTED_HTTP_STATUS.test(message.text());
}

export const test = base.extend<{ failOnPageErrors: void; sitesOnDemand: void }>({
  // The sites a journey names besides the marine store start before its first test (on-demand-sites.ts).
  sitesOnDemand: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing here.
    async ({}, use, testInfo) => {
      await ensureSitesNamedIn(testInfo.file, (ms) => testInfo.setTimeout(testInfo.timeout + ms));
      await use();
    },
    { auto: true },
  ],
  failOnPageErrors: [
    async ({ browser, context }, use) => {
      const problems: string[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('weberror', (error) =>
          problems.push(`uncaught error on ${error.page()?.url() ?? 'a page'}: ${error.error().message}`),
        );
        watched.on('console', (message) => {
          if (isUnexpectedConsoleError(message))
            problems.push(`console error on ${message.page()?.url() ?? 'a page'}: ${message.text()}`);
        });
      };
      watch(context);
      // Journeys that open contexts of their own (other languages, a second shopper) are watched too.
      browser.on('context', watch);
      await use();
      browser.off('context', watch);
      expect(problems, 'errors the pages logged').toEqual([]);
    },
    { auto: true },
  ],
});
