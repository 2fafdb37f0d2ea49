import { expect, test } from './support/test';
import { hydrated } from './support/islands';
import { startProductionEntry, startStoreApi, type OwnServer } from './support/servers';
import { E2E_OWN_PORTS } from './support/sites';

// Readiness says whether this instance can serve, not whether the store API answers: with the store
// API gone an outer balancer keeps every instance, and shoppers get the site's own error states.

const siteUrl = `http://127.0.0.1:${E2E_OWN_PORTS.readySite}`;
const output: string[] = [];
let storeApi: OwnServer | undefined;
let site: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120000);
  storeApi = await startStoreApi(E2E_OWN_PORTS.readyApi, ':memory:', [siteUrl]);
  site = await startProductionEntry(E2E_OWN_PORTS.readySite, storeApi.url, { UPSTREAM_TIMEOUT_MS: '2000' }, output);
});

test.afterAll(async () => {
  await site?.stop();
  await storeApi?.stop();
});

test('with the store API down the instance stays ready and the cart shows its error state', async ({ page }) => {
  await page.goto(`${siteUrl}/?add-to-cart=2043,1`);
  await hydrated(page);
  await expect(page.getByTestId('item-count')).toHaveText('1');
  expect((await fetch(`${siteUrl}/readyz`)).status).toBe(200);

  await storeApi?.stop();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('alert').filter({ hasText: "can't get basket" })).toBeVisible();
  const readiness = await fetch(`${siteUrl}/readyz`);
  expect(readiness.status).toBe(200);
  expect(await readiness.text()).toBe('ready\n');
  // The operator still learns of it, from a log line (and the store_api_up metric).
  await expect
    .poll(
      () =>
        output
          .join('')
          .split('\n')
          .some((line) => line.includes('"msg":"store API not answering"')),
      {
        timeout: 20000,
      },
    )
    .toBe(true);
});
