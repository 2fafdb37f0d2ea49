import { expect, test, type BrowserContext, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import { watchHighlights } from './support/highlight';
import { hydrated } from './support/islands';
import { E2E_API_URL, E2E_SITES } from './support/sites';

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(path, E2E_API_URL), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function basketCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'BASKETN')?.value;
}

async function serverLines(basketNum: string): Promise<[number, number][]> {
  const answer = await api<{ BASKET: { product_id: number; quantity: number }[] }>('GET', `a/basket/${basketNum}`);
  return answer.body.BASKET.map((line) => [line.product_id, line.quantity]);
}

/** The first product of a store the store API refuses with this message (the seeded catalogue is fixed). */
async function productRefusedWith(message: string, store: 'marine' | 'cycle', from: number): Promise<number> {
  for (let id = from; id < from + 1200; id += 1) {
    const added = await api<{ message?: string }>('POST', `a/item/${id}/1?store_id=${store}`);
    if (added.status === 400 && added.body.message === message) return id;
  }
  throw new Error(`no ${store} product refused with "${message}"`);
}

function line(page: Page, name: string | RegExp) {
  return page.locator('.cart-line').filter({ has: page.getByRole('heading', { name }) });
}

const stores = {
  marine: { site: E2E_SITES.marine, link: '1374449,2;2043,1', again: '15732', firstId: 200001 },
  cycle: { site: E2E_SITES.cycle, link: '400001,1;400002,2', again: '400004', firstId: 400001 },
} as const;

/** The names of the cart's lines, in the order shown. */
async function lineNames(page: Page): Promise<string[]> {
  return page.locator('.cart-line h3').allTextContents();
}

for (const [storeId, store] of Object.entries(stores)) {
  test.describe(`cart emptied in place (${storeId})`, () => {
    test.use({ baseURL: store.site });

    test('removing every line shows the empty cart and drops the basket number; a new add starts a new basket', async ({
      page,
      context,
    }) => {
      await page.goto(`/?add-to-cart=${store.link}`);
      await hydrated(page);
      const first = await basketCookie(context);
      expect(first).toBeTruthy();
      const names = await lineNames(page);
      expect(names).toHaveLength(2);
      for (const name of names) {
        await page.getByRole('button', { name: `Remove ${name}` }).click();
        await expect(page.getByText(`${name} was removed.`)).toBeVisible();
      }
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'Cart totals' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'You may also need' })).toHaveCount(0);
      await expect.poll(() => basketCookie(context)).toBeUndefined();
      await expectAccessible(page, `${storeId} cart emptied in place`);

      await page.reload();
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);

      await page.goto(`/?add-to-cart=${store.again}`);
      await expect(page.getByTestId('item-count')).toHaveText('1');
      const second = await basketCookie(context);
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
      expect(await serverLines(first ?? '')).toEqual([]);
    });

    test('a basket cleared elsewhere shows the empty cart when the tab comes back, without its basket number', async ({
      page,
      context,
    }) => {
      await page.goto(`/?add-to-cart=${store.link}`);
      await hydrated(page);
      const basketNum = (await basketCookie(context)) ?? '';
      const cleared = await api<{ data?: { cartClear?: { orderLines: unknown[] } } }>('POST', 'graphql', {
        query: 'mutation Clear($basketNum: String!) { cartClear(basketNum: $basketNum) { orderLines { id } } }',
        variables: { basketNum },
      });
      expect(cleared.body.data?.cartClear?.orderLines).toEqual([]);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
      await expect.poll(() => basketCookie(context)).toBeUndefined();
    });

    test('an add-to-cart link names each refused entry with why', async ({ page }) => {
      const zero = await productRefusedWith(
        'Can not buy product with zero base price',
        storeId as 'marine' | 'cycle',
        store.firstId,
      );
      const never = await productRefusedWith('Product is not available', storeId as 'marine' | 'cycle', store.firstId);
      await page.goto(`/?add-to-cart=${store.again};abc;999999999,2;${zero},1;${never},3;${store.again},10000`);
      const notice = page.getByRole('alert').filter({ hasText: 'could not be added to your cart' });
      await expect(notice).toContainText('abc (not a product number with a quantity)');
      await expect(notice).toContainText('999999999,2 (unknown product)');
      await expect(notice).toContainText(`${zero},1 (has no price yet, so it cannot be bought online)`);
      await expect(notice).toContainText(`${store.again},10000 (the quantity can be at most 9999)`);
      await expect(notice).toContainText(`${never},3 (not available)`);
      await expect(page.getByTestId('item-count')).toHaveText('1');
    });

    test('before shipping is priced the cart flags its own estimate; a priced basket shows the store estimate', async ({
      page,
      context,
    }) => {
      await page.goto(`/?add-to-cart=${store.link}`);
      await expect(page.getByRole('rowheader', { name: 'Shipping (estimate)' })).toBeVisible();
      await expect(page.getByTestId('shipping')).toHaveText(/^(US standard from \$8\.45|Free \(no rush, US\))$/);
      await expect(page.getByTestId('tax')).toHaveText('Calculated at checkout');
      await expect(page.getByRole('row', { name: /Total before shipping and tax/ })).toBeVisible();
      await expect(page.getByText('$0.00')).toHaveCount(0);

      const basketNum = (await basketCookie(context)) ?? '';
      const priced = await api<{ selected: string }>('POST', `a/shipping/${basketNum}`, {});
      expect(priced.status).toBe(200);
      const basket = await api<{ ORDER: { shipping: number } }>('GET', `a/basket/${basketNum}`);
      await page.reload();
      await expect(page.getByRole('rowheader', { name: 'Shipping (estimate)' })).toBeVisible();
      await expect(page.getByTestId('shipping')).toHaveText(`$${basket.body.ORDER.shipping.toFixed(2)}`);
      await expect(page.getByRole('rowheader', { name: 'Total', exact: true })).toBeVisible();
    });
  });
}

test.describe('quantity field (marine)', () => {
  test('empty, zero and above 9999 are not sent, say why until the field returns to the last sent quantity', async ({
    page,
    context,
  }) => {
    await page.goto('/?add-to-cart=2043,3');
    await hydrated(page);
    const basketNum = (await basketCookie(context)) ?? '';
    const input = line(page, 'Water Pump Impeller').getByRole('spinbutton');
    for (const [typed, message] of [
      ['', 'Enter a quantity: this field is required'],
      ['0', 'The quantity must be at least 1; use Remove to take the item out'],
      ['10000', 'The quantity can be at most 9999'],
    ] as const) {
      await input.fill(typed);
      const alert = line(page, 'Water Pump Impeller').getByRole('alert').filter({ hasText: message });
      await expect(alert).toBeVisible();
      if (typed === '0') await expectAccessible(page, 'cart with a quantity message');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(message);
      // Back to the last sent quantity, which can be sent: the message goes with the refused one.
      await input.blur();
      await expect(input).toHaveValue('3');
      await expect(alert).toHaveCount(0);
      await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    }
    await input.fill('4');
    await expect(page.getByTestId('item-count')).toHaveText('4');
    await expect(line(page, 'Water Pump Impeller').getByRole('alert')).toHaveCount(0);
    await expect.poll(() => serverLines(basketNum)).toEqual([[2043, 4]]);
  });

  test('the message is translated', async ({ page }) => {
    await page.goto('/fr/?add-to-cart=2043,2');
    await hydrated(page);
    const input = page.getByRole('spinbutton');
    await input.fill('0');
    await expect(page.getByRole('alert').filter({ hasText: "La quantité doit être d'au moins 1" })).toBeVisible();
    await input.blur();
    await expect(input).toHaveValue('2');
  });

  test('Remove pressed while a typed quantity waits to be sent removes the line', async ({ page, context }) => {
    await page.clock.install();
    await page.goto('/?add-to-cart=2043,2;15732,1');
    await hydrated(page);
    const basketNum = (await basketCookie(context)) ?? '';
    // The page's clock stands still from here, so the typed quantity surely still waits for its debounce.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await line(page, 'Water Pump Impeller').getByRole('spinbutton').fill('5');
    await page.getByRole('button', { name: 'Remove Water Pump Impeller' }).click();
    await expect(page.getByText('Water Pump Impeller was removed.')).toBeVisible();
    await expect(page.getByTestId('item-count')).toHaveText('1');
    await expect.poll(() => serverLines(basketNum)).toEqual([[15732, 1]]);
    // The dropped quantity is never sent afterwards.
    await page.clock.runFor(2000);
    await expect(page.getByRole('button', { name: 'Restore' })).toBeEnabled();
    expect(await serverLines(basketNum)).toEqual([[15732, 1]]);
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByTestId('item-count')).toHaveText('3');
    // The store re-adds a restored line last; the page keeps it where it was.
    await expect
      .poll(() => serverLines(basketNum))
      .toEqual([
        [15732, 1],
        [2043, 2],
      ]);
    expect(await lineNames(page)).toEqual(['Water Pump Impeller', 'Spark Plug QL77JC4']);
  });

  test('Restore puts the line back where it was', async ({ page }) => {
    await page.goto('/?add-to-cart=1374449,1;2043,2;15732,1');
    await hydrated(page);
    const before = await lineNames(page);
    expect(before).toHaveLength(3);
    const middle = before[1] ?? '';
    await page.getByRole('button', { name: `Remove ${middle}` }).click();
    await expect(page.getByTestId('item-count')).toHaveText('2');
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByTestId('item-count')).toHaveText('4');
    await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);
    expect(await lineNames(page)).toEqual(before);
  });
});

test.describe('highlight of the changed line (marine)', () => {
  test('a changed quantity highlights its line for a moment, with a 250 ms transition', async ({ page }) => {
    await page.goto('/?add-to-cart=2043,1;15732,1');
    await hydrated(page);
    const highlighted = await watchHighlights(page);
    const impeller = line(page, 'Water Pump Impeller');
    await expect(impeller).toHaveCSS('transition-duration', '0.25s');
    await impeller.getByRole('spinbutton').fill('2');
    await expect.poll(highlighted).toEqual(['Water Pump Impeller']);
    // It goes again by itself.
    await expect(impeller).not.toHaveAttribute('data-highlighted');
    await expect(impeller).not.toHaveClass(/\bhighlighted\b/);
  });

  test('with reduced motion the highlight shows without a transition', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_SITES.marine, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/?add-to-cart=2043,1');
    await hydrated(page);
    const highlighted = await watchHighlights(page);
    const impeller = line(page, 'Water Pump Impeller');
    await expect(impeller).toHaveCSS('transition-duration', '0s');
    await impeller.getByRole('spinbutton').fill('3');
    await expect.poll(highlighted).toEqual(['Water Pump Impeller']);
    await context.close();
  });
});

test('an add-to-cart link with a bad entry logs no error in the browser (hydration matches)', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The seeded product pictures live on a host this machine cannot reach (the fallback shows).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  await page.goto('/?add-to-cart=1374449,2;abc');
  await hydrated(page);
  await expect(page.getByRole('alert').filter({ hasText: 'abc (not a product number with a quantity)' })).toBeVisible();
  await expect(page.getByTestId('item-count')).toHaveText('2');
  expect(problems).toEqual([]);
});
