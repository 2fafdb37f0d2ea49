// Timings a shopper feels, taken in real Chromium against a running site: how soon the first cart
// line is on screen (with and without JavaScript) and how long bulk add needs to find a parts
// list. Printed by the benchmark only; nothing here asserts a time.
import { chromium } from '@playwright/test';
import { DatabaseSync } from 'node:sqlite';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Part numbers of one manufacturer that the store sells, read from the reference API's database file. */
export function partNumbers(dbFile, { store = 'marine', mfg = 1, count = 200 } = {}) {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const rows = db
      .prepare('SELECT sku FROM products WHERE store_id = ? AND mfg_account_id = ? ORDER BY product_id LIMIT ?')
      .all(store, mfg, count);
    return rows.map((row) => String(row.sku));
  } finally {
    db.close();
  }
}

async function withBrowser(work) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS] });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Milliseconds from navigation to the first cart line visible, and with JavaScript to its quantity
 * being editable (the island hydrated). Median of `runs` cold contexts.
 */
export async function cartFirstItem(siteUrl, basket, runs = 5) {
  return withBrowser(async (browser) => {
    const result = {};
    for (const javaScriptEnabled of [false, true]) {
      const visible = [];
      const editable = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ javaScriptEnabled });
        await context.addCookies([{ name: 'BASKETN', value: basket, url: siteUrl }]);
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${siteUrl}/`, { waitUntil: 'commit' });
        const line = page.locator('.cart-line__name').first();
        await line.waitFor({ state: 'visible' });
        visible.push(performance.now() - started);
        if (javaScriptEnabled) {
          await page.waitForFunction(() => {
            const input = document.querySelector('input[type="number"]');
            return (
              input instanceof HTMLInputElement && !input.disabled && input.closest('astro-island:not([ssr])') !== null
            );
          });
          editable.push(performance.now() - started);
        }
        await context.close();
      }
      result[javaScriptEnabled ? 'withJs' : 'withoutJs'] = {
        visible: median(visible),
        editable: editable.length ? median(editable) : null,
      };
    }
    return result;
  });
}

/** Milliseconds from pressing Find products to every one of `skus` answered, median of `runs`. */
export async function bulkFind(siteUrl, skus, runs = 3) {
  return withBrowser(async (browser) => {
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${siteUrl}/bulk-add-items/`);
      // Find is timed from the island's press, as the journeys act (e2e/support/islands.ts): a press
      // before it woke posts the plain form instead.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('astro-island')].every((island) => {
            const drawn = island.querySelector(':scope > :not(template, astro-slot, link, style, script)');
            return (
              !island.hasAttribute('ssr') &&
              (!drawn || Object.keys(drawn).some((key) => key.startsWith('__reactFiber$')))
            );
          }),
        undefined,
        { timeout: 30000 },
      );
      await page.getByLabel('Part numbers').fill(skus.join('\n'));
      const find = page.getByRole('button', { name: 'Find products' });
      await find.waitFor();
      const started = performance.now();
      await find.click();
      await page.getByText(`Looked up ${skus.length} of ${skus.length}:`).waitFor({ timeout: 120000 });
      times.push(performance.now() - started);
      await context.close();
    }
    return median(times);
  });
}
