import { expect, test, type Locator } from './support/test';
import { hydrated } from './support/islands';
import { E2E_SITES } from './support/sites';

// The cart and bulk add on a 390 px phone: the controls are large enough to hit, and the total and
// Checkout stay on screen. That nothing scrolls sideways is the route sweep's; that a line adds up,
// the money units' and the money journey's.
test.use({ viewport: { width: 390, height: 844 } });

const stores = {
  marine: { site: E2E_SITES.marine, link: '1374449,2;15732,3;2043,1', parts: ['0437512 2', '0777213 3'] },
  cycle: { site: E2E_SITES.cycle, link: '400001,2;400007,1;400009,3', parts: ['LLW-69730-11-00 2', '67S-85974-65-00'] },
} as const;

async function expectTarget(control: Locator): Promise<void> {
  const box = await control.boundingBox();
  expect(box, 'the control is laid out').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

for (const [storeId, store] of Object.entries(stores)) {
  test.describe(`cart and bulk add on a phone (${storeId})`, () => {
    test.use({ baseURL: store.site });

    test('the filled cart keeps the total and Checkout on screen, and its steppers are thumb-sized', async ({
      page,
    }) => {
      await page.goto(`/?add-to-cart=${store.link}`);
      await hydrated(page);
      const lines = page.locator('.cart-line');
      await expect(lines).toHaveCount(3);

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
        await expectTarget(line.getByRole('button', { name: /^Increase the quantity of/ }));
        await expectTarget(line.getByRole('button', { name: /^Decrease the quantity of/ }));
      }

      // A stepper press changes the quantity, and the store's answer keeps it.
      const first = lines.first();
      const before = Number(await first.getByRole('spinbutton').inputValue());
      await first.getByRole('button', { name: /^Increase the quantity of/ }).click();
      await expect(first.getByRole('spinbutton')).toHaveValue(String(before + 1));
      await expect(first).not.toHaveAttribute('aria-busy', 'true');
      await expect(first.getByRole('spinbutton')).toHaveValue(String(before + 1));
    });

    test('the empty cart offers a way on', async ({ page }) => {
      await page.goto('/?new-cart');
      await hydrated(page);
      await expect(page.getByRole('heading', { name: /cart is empty/ })).toBeVisible();
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

    test('bulk add: each card offers its line total on a thumb-sized button', async ({ page }) => {
      await page.goto('/bulk-add-items/');
      await hydrated(page);
      await page.getByLabel('Part numbers').fill(`${store.parts.join('\n')}\nNOPE-404404 1\n`);
      const find = page.getByRole('button', { name: 'Find products' });
      await expectTarget(find);
      await find.click();
      await expect(page.getByRole('status').filter({ hasText: /Looked up 3 of 3/ })).toBeVisible();
      await expect(page.getByText('Part NOPE-404404 was not found')).toBeVisible();

      const cards = page.locator('.bulk-card').filter({ has: page.getByRole('spinbutton') });
      await expect(cards).toHaveCount(2);
      for (const card of await cards.all()) {
        const total = (await card.locator('.bulk-card__total data').textContent())?.trim() ?? '';
        const add = card.getByRole('button', { name: /^Add .+ for / });
        await expectTarget(add);
        // The add button offers what the line adds, in whole cents (the list price struck through after it).
        const offered = /for (\$[\d,]+\.\d{2})/.exec((await add.textContent()) ?? '')?.[1] ?? '';
        expect(offered, 'the add button offers the line total').toBe(total);
      }
      await expectTarget(page.getByRole('button', { name: 'Add all to cart' }).first());
    });
  });
}
