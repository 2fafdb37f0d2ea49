import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { CUSTOMER, placeOrderButton, reviewWithBasket } from './support/checkout';
import { E2E_OWN_PORTS, E2E_START_PORTS } from './support/sites';

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

/** npm start's environment on the given ports, as a developer's shell would have it. */
function startEnv(site: number, api: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(site),
    STORE_API_PORT: String(api),
    STORE_API_DB: ':memory:',
    START_WITHOUT_BUILD: '1',
  };
  for (const name of ['HOST', 'SITE_URL', 'SITE_ORIGINS', 'STORE_API_URL', 'PUBLIC_APP_ENV', 'NODE_ENV'])
    delete env[name];
  return env;
}

test.beforeAll(async () => {
  test.setTimeout(120000);
  const env = startEnv(E2E_START_PORTS.site, E2E_START_PORTS.api);
  store = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  exited = new Promise((resolve) => store.once('exit', (code) => resolve(code)));
  await expect.poll(() => answering(`${SITE}/readyz`), { timeout: 90000, intervals: [250] }).toBe(true);
  // The site is ready as soon as it can serve, without waiting for the store API (its error states
  // are the site's): a shopper's journey starts once the store API answers too.
  await expect.poll(() => answering(`${API}health`), { timeout: 90000, intervals: [250] }).toBe(true);
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
  // The server confirms the wallet's token and answers the address without it.
  await expect(page).toHaveURL(`${SITE}/payment-success/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await expect(page.getByText('not an allowed site')).toHaveCount(0);
});

test('npm start serves production: no developer page, canonical links on its own address', async ({ page }) => {
  const dev = await page.goto(`${SITE}/dev/`);
  expect(dev?.status()).toBe(404);
  await page.goto(`${SITE}/return-policy/`);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${SITE}/return-policy/`);
});

test('npm start answers no GraphQL introspection and no field suggestions through the site', async () => {
  const ask = async (query: string) => {
    const answer = await fetch(`${SITE}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({ query }),
    });
    return JSON.stringify(await answer.json());
  };
  // Refused by the store API outside test mode, or not passed on by the site at all.
  expect(await ask('{ __schema { types { name } } }')).not.toContain('"types":');
  expect(await ask('{ cart(basketNum: "1") { basketNun } }')).not.toContain('Did you mean');
});

test('stopping npm start stops the site and the store API with it', async () => {
  store.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(await answering(`${SITE}/healthz`)).toBe(false);
  expect(await answering(`${API}health`)).toBe(false);
});

test('a port in use stops npm start with one line naming it', async () => {
  test.setTimeout(60000);
  const { stoppedSite: site, stoppedApi: api } = E2E_OWN_PORTS;
  for (const [taken, name, variable] of [
    [site, 'the site', 'PORT'],
    [api, 'the store API', 'STORE_API_PORT'],
  ] as const) {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve));
    try {
      const started = spawnSync(process.execPath, ['scripts/start.mjs'], {
        env: startEnv(site, api),
        encoding: 'utf8',
        timeout: 30000,
      });
      expect(started.status).toBe(1);
      const lines = started.stderr.trim().split('\n');
      expect(lines).toEqual([
        `Port ${taken} on 127.0.0.1, for ${name}, is in use: stop what runs there or set ${variable}.`,
      ]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }
});
