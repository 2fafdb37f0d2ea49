import { defineConfig } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/support/chromium';

// Runs the team's journeys against nginx in front of two instances, started by scripts/scale-test.mjs
// (E2E_PORT_BASE is nginx's port, so e2e/support/sites.ts points specs at it and at the API).
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
    baseURL: `http://127.0.0.1:${base}`,
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS] },
    trace: 'off',
  },
});
