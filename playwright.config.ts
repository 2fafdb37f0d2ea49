import { defineConfig } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from './e2e/support/chromium';
import { E2E_API_URL, E2E_PORTS, E2E_SITES, e2eSiteEnv } from './e2e/support/sites';

const node = process.execPath;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  // One retry: a journey that fails twice fails; one that passes on its retry is reported as
  // flaky in the run's output and JSON report, for the next change to look at.
  retries: 1,
  // Waits sized for a machine with one core busy: a passing journey never waits them out, and an
  // answer that takes a few seconds under load (a form saving through several store-API calls) is
  // no failure.
  timeout: 60000,
  expect: { timeout: 15000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: E2E_SITES.marine,
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS] },
    trace: 'off',
  },
  // The store API and the marine store serve nearly every journey; the other sites start when a
  // journey names one (e2e/support/on-demand-sites.ts).
  globalSetup: './e2e/support/global-setup.ts',
  webServer: [
    {
      command: `${node} store-api/main.ts`,
      url: `${E2E_API_URL}health`,
      reuseExistingServer: false,
      timeout: 120000,
      env: {
        STORE_API_MODE: 'test',
        STORE_API_DB: ':memory:',
        STORE_API_PORT: String(E2E_PORTS.api),
        // Every journey logs in from one address: the per-client backoff of password guesses (logins
        // and current passwords alike) would follow one journey's failures into the next.
        // tests/security/login-throttle.test.ts proves the default.
        STORE_API_LOGIN_CLIENT_FREE_FAILURES: '1000',
        SITE_ORIGINS: Object.values(E2E_SITES).join(','),
        STORE_API_PAY_LATER_STORES: 'cycle',
      },
    },
    {
      command: `${node} dist/server/entry.mjs`,
      url: `${E2E_SITES.marine}/return-policy/`,
      reuseExistingServer: false,
      timeout: 60000,
      env: e2eSiteEnv('marine'),
    },
  ],
});
