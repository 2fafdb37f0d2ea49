import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { basketOf } from './support/checkout';
import { quantityOf } from './support/faults';
import { hydrated } from './support/islands';
import { startSite, startStoreApi } from './support/servers';
import { E2E_OWN_PORTS } from './support/sites';

/** The site's deadline for the store API here (UPSTREAM_TIMEOUT_MS), longer than the default to show the wait. */
const WAIT_MS = 5000;
/**
 * The budget for the cart's error state: the wait, plus what a busy shared machine takes to load
 * the page (2–3 s measured under load); a wait of 15 s, as before, is far outside it.
 */
const ERROR_STATE_BUDGET_MS = WAIT_MS + 5000;

// A store API of its own: the hang is store-wide here and the breaker is per site, so no other
// journey may share either.
test('a hanging store API: the cart shows its error state within the wait, then at once while the breaker is open, and the basket again once the store API answers', async ({
  page,
}) => {
  test.setTimeout(120000);
  const dir = mkdtempSync(join(tmpdir(), 'breaker-'));
  const siteUrl = `http://127.0.0.1:${E2E_OWN_PORTS.breakerSite}`;
  const storeApi = await startStoreApi(E2E_OWN_PORTS.breakerApi, join(dir, 'store.db'), [siteUrl]);
  const site = await startSite(E2E_OWN_PORTS.breakerSite, storeApi.url, WAIT_MS);
  const faults = new URL('__test/faults', storeApi.url);
  const cantGetBasket = page.getByRole('alert').filter({ hasText: 'We couldn’t load your cart.' });
  try {
    await page.goto(`${siteUrl}/?add-to-cart=2043,1`);
    await hydrated(page);
    await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('1');
    const basketNum = await basketOf(page.context(), siteUrl);
    const basketPath = `^/a/basket/${basketNum}/?$`;
    const proxied = `${siteUrl}/api/a/basket/${basketNum}/`;

    // The store API takes the basket reads and answers none of them in time.
    const hung = await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: basketPath, status: 0, delay: WAIT_MS + 5000, times: 1000 }),
    });
    expect(hung.status).toBe(200);

    let started = Date.now();
    await page.goto(`${siteUrl}/`);
    await expect(cantGetBasket).toBeVisible({ timeout: ERROR_STATE_BUDGET_MS });
    expect(Date.now() - started).toBeLessThan(ERROR_STATE_BUDGET_MS);

    // Several shoppers wait out their time at once: the breaker opens.
    const waited = await Promise.all(Array.from({ length: 5 }, () => page.request.get(proxied)));
    expect(waited.map((answer) => answer.status())).toEqual([504, 504, 504, 504, 504]);

    // Now calls are refused unsent: the proxy says so at once, and the cart shows its error state
    // without the wait.
    expect((await page.request.get(proxied)).status()).toBe(503);
    started = Date.now();
    await page.goto(`${siteUrl}/`);
    await expect(cantGetBasket).toBeVisible();
    expect(Date.now() - started).toBeLessThan(WAIT_MS);

    // The store API answers again: after the breaker's open time one probe goes through, and the
    // cart loads again.
    const cleared = await fetch(`${faults.href}?path=${encodeURIComponent(basketPath)}`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    await expect(async () => {
      await page.goto(`${siteUrl}/`);
      await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('1', { timeout: 1000 });
    }).toPass({ timeout: 30000 });
    expect((await page.request.get(proxied)).status()).toBe(200);
  } finally {
    await storeApi.stop();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
