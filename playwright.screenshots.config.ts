import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

/**
 * The screenshot gallery (`npm run screenshots`): the journeys' own servers and browser (the cycle
 * store starts on demand, as the gallery names it), and only e2e/screenshots/*.shots.ts, which
 * `npm test` never runs (its Playwright run matches *.spec.ts).
 */

export default defineConfig({
  ...journeys,
  testDir: 'e2e/screenshots',
  testMatch: '**/*.shots.ts',
  // One test per state: both workers share the states of the one file.
  fullyParallel: true,
  workers: 2,
  timeout: 90000,
  reporter: 'list',
});
