import { expect, test, type Page } from './support/test';
import { fault } from './support/faults';
import { E2E_API_URL, E2E_SITES } from './support/sites';

async function basketOf(page: Page) {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'BASKETN');
  if (!cookie?.value) return [];
  const response = await fetch(new URL(`a/basket/${cookie.value}`, E2E_API_URL));
  return ((await response.json()) as { BASKET: { sku: string; quantity: number }[] }).BASKET;
}

const stores = {
  marine: { site: E2E_SITES.marine, parts: ['0777213', '9113492'], blocked: 'DNL-62388-25-00', blockedMfg: '10' },
  cycle: { site: E2E_SITES.cycle, parts: ['LLW-69730-11-00', '67S-85974-65-00'], blocked: 'K9S-00164-23-00', blockedMfg: '10' },
} as const;

for (const [storeId, store] of Object.entries(stores)) {
  test.describe(`bulk add on the ${storeId} store`, () => {
    test.use({ baseURL: store.site });

    test('a messy paste gives the right cards and Add all fills the cart', async ({ page }) => {
      await page.goto('/bulk-add-items/');
      const [first, second] = store.parts;
      await page.getByLabel('Part numbers').fill(`${first} 2\n\n${second} -4\n${first}\t3\nNOPE-123456 1\nhello world\n`);
      await page.getByRole('button', { name: 'Find products' }).click();
      await expect(page.getByText('Found 3 of 3')).toBeVisible();
      await expect(page.getByText('Part NOPE-123456 was not found')).toBeVisible();
      await expect(page.getByText('Line 6: hello world')).toBeVisible();
      await expect(page.getByLabel(`Quantity of ${first}`)).toHaveValue('5');
      await expect(page.getByLabel(`Quantity of ${second}`)).toHaveValue('0');
      await page.getByLabel(`Quantity of ${second}`).fill('1');
      await page.getByRole('button', { name: 'Add all to cart' }).first().click();
      await expect(page.getByText('Added to cart')).toHaveCount(2);
      await expect(page.getByText('Items in cart: 6')).toBeVisible();
      expect((await basketOf(page)).map((item) => [item.sku, item.quantity]).sort()).toEqual([
        [first, 5],
        [second, 1],
      ].sort());
    });
  });
}

test.describe('bulk add rules (marine)', () => {
  test.use({ baseURL: E2E_SITES.marine });

  test('a part the customer cannot buy is not added', async ({ page }) => {
    await page.goto('/bulk-add-items/');
    await page.getByLabel('Manufacturer').selectOption(stores.marine.blockedMfg);
    await page.getByLabel('Part numbers').fill(stores.marine.blocked);
    await page.getByRole('button', { name: 'Find products' }).click();
    await expect(page.getByText(`SKU ${stores.marine.blocked}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add all to cart' })).toBeDisabled();
    await page.getByRole('button', { name: new RegExp(`^Add ${stores.marine.blocked} for`) }).click();
    await expect(page.getByText('This part cannot be bought online')).toBeVisible();
    expect(await basketOf(page)).toEqual([]);
  });

  test('an injected lookup failure marks just that part', async ({ page }) => {
    await fault({ method: 'GET', path: 'v2/group/1/9113492', status: 500 });
    await page.goto('/bulk-add-items/');
    await page.getByLabel('Part numbers').fill('0777213\n9113492');
    await page.getByRole('button', { name: 'Find products' }).click();
    await expect(page.getByText('Found 2 of 2')).toBeVisible();
    await expect(page.getByText('Part 9113492 was not found')).toBeVisible();
    await expect(page.getByText('SKU 0777213')).toBeVisible();
  });

  test('300 pasted lines finish with a progress line and bounded lookups', async ({ page }) => {
    await page.goto('/bulk-add-items/');
    const lines = Array.from({ length: 300 }, (_, i) => `P${String(i).padStart(5, '0')}9 1`).join('\n');
    await page.getByLabel('Part numbers').fill(lines);
    await page.getByRole('button', { name: 'Find products' }).click();
    const progress = page.getByText('Found 300 of 300');
    await expect(progress).toBeVisible({ timeout: 40000 });
    const peak = Number(await progress.getAttribute('data-peak-lookups'));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(4);
    await expect(page.getByRole('button', { name: 'Clear products' })).toBeVisible();
  });
});
