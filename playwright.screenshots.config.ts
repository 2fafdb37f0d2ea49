import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';
import { E2E_API_URL, E2E_SITES } from './e2e/support/sites';

/**
 * The screenshot gallery (`npm run screenshots`): the journeys' own servers and browser, but only
 * the store API and the marine and cycle sites, and only e2e/screenshots/*.shots.ts, which
 * `npm test` never runs (its Playwright run matches *.spec.ts).
 */
const needed = [`${E2E_API_URL}health`, `${E2E_SITES.marine}/`, `${E2E_SITES.cycle}/`];
const servers = [journeys.webServer ?? []].flat().filter((server) => needed.some((url) => server.url?.startsWith(url)));

export default defineConfig({
  ...journeys,
  testDir: 'e2e/screenshots',
  testMatch: '**/*.shots.ts',
  // One test per state: both workers share the states of the one file.
  fullyParallel: true,
  workers: 2,
  timeout: 90000,
  reporter: 'list',
  webServer: servers,
});
