import { defineConfig } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from './e2e/support/chromium';
import { E2E_API_URL, E2E_BASKET_KEY_SECRET, E2E_PORTS, E2E_SITES, E2E_UPSTREAM_TIMEOUT_MS } from './e2e/support/sites';

const node = process.execPath;
const site = (port: number, env: Record<string, string>) => ({
  command: `${node} dist/server/entry.mjs`,
  url: `http://127.0.0.1:${port}/return-policy/`,
  reuseExistingServer: false,
  timeout: 60000,
  env: {
    // The journeys exercise the React build that ships.
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    STORE_API_URL: E2E_API_URL,
    PUBLIC_APP_ENV: 'e2e',
    SITE_URL: `http://127.0.0.1:${port}/`,
    UPSTREAM_TIMEOUT_MS: String(E2E_UPSTREAM_TIMEOUT_MS),
    BASKET_KEY_SECRET: E2E_BASKET_KEY_SECRET,
    ...env,
  },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45000,
  expect: { timeout: 8000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: E2E_SITES.marine,
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS] },
    trace: 'off',
  },
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
        // Every journey logs in from one address: the per-client login backoff would follow one
        // journey's failed logins into the next. tests/security/login-throttle.test.ts proves it.
        STORE_API_LOGIN_CLIENT_FREE_FAILURES: '1000',
        SITE_ORIGINS: Object.values(E2E_SITES).join(','),
        STORE_API_PAY_LATER_STORES: 'cycle',
      },
    },
    site(E2E_PORTS.marine, { STORE_ID: 'marine' }),
    site(E2E_PORTS.cycle, { STORE_ID: 'cycle' }),
    site(E2E_PORTS.blocked, { STORE_ID: 'marine', BLOCK_PURCHASES: 'true', DISABLE_PAYPAL: 'true' }),
    site(E2E_PORTS.production, { STORE_ID: 'marine', PUBLIC_APP_ENV: 'production' }),
    site(E2E_PORTS.noWallet, { STORE_ID: 'cycle', DISABLE_PAYPAL: 'true', SUBMIT_WITHOUT_PAYMENT: 'true' }),
  ],
});
