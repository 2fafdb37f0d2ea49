import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { CUSTOMER, placeOrderButton, reviewWithBasket } from './support/checkout';
import { E2E_START_PORTS } from './support/sites';

// The README's `npm start`, as a new shopper meets it: the production entry in production mode with
// the reference store API, on npm start's default ports (E2E_PORT_BASE moves them). The wallet
// sends the shopper to the store API's page and back, which only works when the store API knows
// the site's origin. The database is kept in memory so a developer's demo data is left alone, and
// the build the other journeys run on is used as it is.
const SITE = `http://127.0.0.1:${E2E_START_PORTS.site}`;
const API = `http://127.0.0.1:${E2E_START_PORTS.api}/`;

let store: ChildProcess;
let exited: Promise<number | null>;

async function answering(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

test.beforeAll(async () => {
  test.setTimeout(120000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_START_PORTS.site),
    STORE_API_PORT: String(E2E_START_PORTS.api),
    STORE_API_DB: ':memory:',
    START_WITHOUT_BUILD: '1',
  };
  for (const name of ['HOST', 'SITE_URL', 'SITE_ORIGINS', 'STORE_API_URL', 'PUBLIC_APP_ENV', 'NODE_ENV'])
    delete env[name];
  store = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  exited = new Promise((resolve) => store.once('exit', (code) => resolve(code)));
  await expect.poll(() => answering(`${SITE}/readyz`), { timeout: 90000, intervals: [250] }).toBe(true);
});

test.afterAll(async () => {
  if (store.exitCode === null && store.signalCode === null) store.kill('SIGKILL');
  await exited;
});

test('under npm start a customer pays with the wallet and comes back to the invoice', async ({ page }) => {
  await reviewWithBasket(page, CUSTOMER, '2043,1', SITE);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await placeOrderButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approve your payment' })).toBeVisible();
  expect(page.url().startsWith(API)).toBe(true);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE}/payment-success/\\?token=EC-`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await expect(page.getByText('not an allowed site')).toHaveCount(0);
});

test('npm start serves production: no developer page, canonical links on its own address', async ({ page }) => {
  const dev = await page.goto(`${SITE}/dev/`);
  expect(dev?.status()).toBe(404);
  await page.goto(`${SITE}/return-policy/`);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${SITE}/return-policy/`);
});

test('stopping npm start stops the site and the store API with it', async () => {
  store.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(await answering(`${SITE}/healthz`)).toBe(false);
  expect(await answering(`${API}health`)).toBe(false);
});
