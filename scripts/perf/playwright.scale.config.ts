import { defineConfig } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/support/chromium';

// Runs the team's journeys against nginx (TLS, self-signed) in front of two instances, started by
// scripts/scale-test.mjs (E2E_PORT_BASE is nginx's port and E2E_SCHEME https, so
// e2e/support/sites.ts points specs at it and at the API).
const base = Number(process.env.E2E_PORT_BASE ?? 0);

export default defineConfig({
  testDir: '../../e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60000,
  expect: { timeout: 10000 },
  reporter: 'list',
  use: {
    baseURL: `${process.env.E2E_SCHEME === 'https' ? 'https' : 'http'}://127.0.0.1:${base}`,
    ignoreHTTPSErrors: true,
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS] },
    trace: 'off',
  },
});
