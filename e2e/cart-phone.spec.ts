import { shownUnits } from './support/amounts';
import { expect, test, type Locator, type Page } from './support/test';
import { hydrated } from './support/islands';
import { E2E_SITES } from './support/sites';

// The cart and bulk add on a 390 px phone: nothing scrolls sideways, the primary actions are
// large enough to hit, the total and Checkout stay on screen, and the shown prices add up.
test.use({ viewport: { width: 390, height: 844 } });

const stores = {
  marine: { site: E2E_SITES.marine, link: '1374449,2;15732,3;2043,1', parts: ['0437512 2', '0777213 3'] },
  cycle: { site: E2E_SITES.cycle, link: '400001,2;400007,1;400009,3', parts: ['LLW-69730-11-00 2', '67S-85974-65-00'] },
} as const;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is ${width}px wide`).toBeLessThanOrEqual(390);
}

async function expectTarget(control: Locator): Promise<void> {
  const box = await control.boundingBox();
  expect(box, 'the control is laid out').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

for (const [storeId, store] of Object.entries(stores)) {
  test.describe(`cart and bulk add on a phone (${storeId})`, () => {
    test.use({ baseURL: store.site });

    test('the filled cart fits, keeps the total and Checkout on screen, and its line totals add up', async ({
      page,
    }) => {
      await page.goto(`/?add-to-cart=${store.link}`);
      await hydrated(page);
      const lines = page.locator('.cart-line');
      await expect(lines).toHaveCount(3);
      await expectNoSidewaysScroll(page);

      const bar = page.getByTestId('cart-sticky-bar');
      await expect(bar).toBeInViewport();
      await expect(bar.locator('.sticky-bar__total')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
      const checkout = bar.getByRole('link', { name: 'Checkout' });
      await expect(checkout).toBeInViewport();
      await expectTarget(checkout);
      // Still there with the first line scrolled away.
      await page.mouse.wheel(0, 600);
      await expect(bar).toBeInViewport();

      for (const line of await lines.all()) {
        const quantity = Number(await line.getByRole('spinbutton').inputValue());
        const unit = shownUnits(await line.locator('.cart-line__unit data').textContent());
        const total = shownUnits(await line.locator('.cart-line__total data').textContent());
        expect(total, 'line total = shown unit price × quantity').toBe(unit * quantity);
        await expectTarget(line.getByRole('button', { name: /^Increase the quantity of/ }));
        await expectTarget(line.getByRole('button', { name: /^Decrease the quantity of/ }));
      }

      // A stepper press changes the quantity, and the line still adds up once the store answers.
      const first = lines.first();
      const before = Number(await first.getByRole('spinbutton').inputValue());
      await first.getByRole('button', { name: /^Increase the quantity of/ }).click();
      await expect(first.getByRole('spinbutton')).toHaveValue(String(before + 1));
      await expect(first).not.toHaveAttribute('aria-busy', 'true');
      await expect
        .poll(async () => {
          const unit = shownUnits(await first.locator('.cart-line__unit data').textContent());
          const total = shownUnits(await first.locator('.cart-line__total data').textContent());
          return total === unit * (before + 1);
        })
        .toBe(true);
    });

    test('the empty cart fits and offers a way on', async ({ page }) => {
      await page.goto('/?new-cart');
      await hydrated(page);
      await expect(page.getByRole('heading', { name: /cart is empty/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectTarget(page.getByRole('link', { name: 'Continue shopping' }).last());
      await expect(page.getByRole('link', { name: 'Add parts by part number' })).toBeVisible();
      const track = page.getByRole('link', { name: 'Track a package' });
      await expect(track).toBeVisible();
      await expect(page).toHaveTitle(`Shopping cart · ${storeId === 'marine' ? 'Marine' : 'Cycle'} Parts Store`);
      // The way on lands on the tracking page's form, a page that is there (200), not a 404.
      const [answer] = await Promise.all([page.waitForResponse(/\/public\/tracking\/$/), track.click()]);
      expect(answer.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Track your shipment' })).toBeVisible();
      await expect(page).toHaveTitle(`Track your shipment · ${storeId === 'marine' ? 'Marine' : 'Cycle'} Parts Store`);
    });

    test('bulk add fits, and each card adds up and offers its line total', async ({ page }) => {
      await page.goto('/bulk-add-items/');
      await hydrated(page);
      await page.getByLabel('Part numbers').fill(`${store.parts.join('\n')}\nNOPE-404404 1\n`);
      const find = page.getByRole('button', { name: 'Find products' });
      await expectTarget(find);
      await find.click();
      await expect(page.getByRole('status').filter({ hasText: /Looked up 3 of 3/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expect(page.getByText('Part NOPE-404404 was not found')).toBeVisible();

      const cards = page.locator('.bulk-card').filter({ has: page.getByRole('spinbutton') });
      await expect(cards).toHaveCount(2);
      for (const card of await cards.all()) {
        const box = await card.boundingBox();
        expect(box!.x + box!.width, 'the card fits the screen').toBeLessThanOrEqual(390);
        const quantity = Number(await card.getByRole('spinbutton').inputValue());
        const unit = shownUnits(await card.locator('.bulk-card__unit data').textContent());
        const total = shownUnits(await card.locator('.bulk-card__total data').textContent());
        expect(total, 'line total = shown unit price × quantity').toBe(unit * quantity);
        const add = card.getByRole('button', { name: /^Add .+ for / });
        await expectTarget(add);
        // The add button offers what the line adds, in whole cents (the list price struck through after it).
        const offered = /for (\$[\d,]+\.\d{2})/.exec((await add.textContent()) ?? '')?.[1] ?? '';
        expect(shownUnits(offered), 'the add button offers the line total').toBe(total);
      }
      await expectTarget(page.getByRole('button', { name: 'Add all to cart' }).first());
    });
  });
}
