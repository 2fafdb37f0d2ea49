import { expect, test, type Page } from './support/test';
import { E2E_API_URL, E2E_SITES } from './support/sites';
import { CUSTOMER, reviewWithBasket } from './support/checkout';

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(path, E2E_API_URL), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

function quantityOf(page: Page, name: RegExp) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .getByRole('spinbutton');
}

test('add-to-cart link fills the cart and cleans the address (marine)', async ({ page }) => {
  await page.goto('/?add-to-cart=1374449,2;2043;15732,3');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Water Pump Repair Kit' })).toBeVisible();
  await expect(quantityOf(page, /Water Pump Repair Kit/)).toHaveValue('2');
  await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('1');
  await expect(quantityOf(page, /Spark Plug/)).toHaveValue('3');
  await expect(page.getByTestId('item-count')).toHaveText('6');
  const basket = (await page.context().cookies()).find((cookie) => cookie.name === 'BASKETN');
  expect(basket?.value).toMatch(/.{8,}/);
  expect(basket?.sameSite).toBe('Strict');
});

test('bad add-to-cart entries are named in one notification, the rest is added', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,1;nonsense;999999999,2');
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await expect(
    page.getByText(
      'These entries could not be added to your cart: nonsense (not a product number with a quantity); 999999999,2 (unknown product)',
    ),
  ).toBeVisible();
});

test('a link to a basket the store does not hold says so once and keeps the cart the visitor had', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,1');
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await page.goto('/?basketNum=NOSUCHBASKET1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('cart-basket-missing')).toHaveText(
    'We could not find basket NOSUCHBASKET1: it may have been ordered or emptied. Your cart is as it was.',
  );
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('cart-basket-missing')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
});

test('the cycle store fills its cart too', async ({ page }) => {
  await page.goto(`${E2E_SITES.cycle}/?add-to-cart=400001;400002,2`);
  await expect(page.getByRole('spinbutton').first()).toBeVisible();
  const count = Number(await page.getByTestId('item-count').textContent());
  expect(count).toBeGreaterThanOrEqual(1);
});

test('fast typing settles on the last quantity the server confirmed', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,1');
  const input = quantityOf(page, /Water Pump Impeller/);
  await expect(input).toBeEnabled();
  await input.fill('');
  await input.pressSequentially('123', { delay: 40 });
  await input.fill('7');
  await expect(page.getByTestId('item-count')).toHaveText('7');
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('7');
});

test('remove then restore brings the line back with its quantity', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,2;15732,1');
  await page.getByRole('button', { name: /Remove Water Pump Impeller/ }).click();
  await expect(page.getByText('Water Pump Impeller was removed.')).toBeVisible();
  await expect(page.getByTestId('item-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('item-count')).toHaveText('3');
  await page.reload();
  await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('2');
});

test('the desktop cart offers Checkout at the top, in the summary, and at the bottom, below the lines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/?add-to-cart=2043,1');
  const top = page.getByRole('complementary').getByRole('link', { name: 'Checkout' });
  const bottom = page.getByTestId('cart-sticky-bar').getByRole('link', { name: 'Checkout' });
  await expect(top).toBeVisible();
  await expect(bottom).toBeVisible();
  const [topBox, bottomBox, linesBox] = await Promise.all([
    top.boundingBox(),
    bottom.boundingBox(),
    page.locator('.cart__lines').boundingBox(),
  ]);
  // The top one shows without scrolling.
  expect(topBox!.y + topBox!.height).toBeLessThan(900);
  expect(bottomBox!.y).toBeGreaterThan(linesBox!.y + linesBox!.height);
});

test('the cart is complete HTML without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${E2E_SITES.marine}/?add-to-cart=1374449,2`);
  await expect(page.getByRole('heading', { name: 'Water Pump Repair Kit' })).toBeVisible();
  await expect(page.getByTestId('total')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Checkout' }).first()).toHaveAttribute('href', '/signin/');
  await context.close();
});

test('a Suzuki part mixed with another manufacturer shows the mixed-cart warning', async ({ page }) => {
  let suzuki = 0;
  for (let id = 200005; id < 200400 && !suzuki; id += 5) {
    const added = await api<{ BASKETNUM?: string }>('POST', `a/item/${id}/1?store_id=marine`);
    if (added.status === 200) suzuki = id;
  }
  expect(suzuki).toBeGreaterThan(0);
  await page.goto(`/?add-to-cart=${suzuki},1;2043,1`);
  await expect(page.getByText(/Suzuki and Mercury products cannot be mixed/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a new cart' })).toBeVisible();
});

test("a product picture that cannot load shows the manufacturer's picture instead", async ({ page }) => {
  // The seeded pictures live on the storefront's host, which this machine cannot reach.
  await page.goto('/?add-to-cart=1374449,1');
  const picture = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Water Pump Repair Kit' }) })
    .locator('img');
  await expect(picture).toHaveAttribute('src', '/images/fallback-omc.svg');
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);
});

test("review order's summary shows the cart's brand badge, not the store's picture", async ({ page }) => {
  // The seeded pictures cannot load here: both the cart and the summary fall back, to the same badge.
  await reviewWithBasket(page, CUSTOMER, '1374449,1');
  const summary = page.getByRole('region', { name: 'Order summary' }).locator('img');
  await expect(summary).toHaveAttribute('src', '/images/fallback-omc.svg');
  await expect(summary).toHaveAttribute('data-fallback', '/images/fallback-omc.svg');
  await expect(page).toHaveTitle('Review your order · Marine Parts Store');
});

test('an empty cart says so at once', async ({ page }) => {
  await page.goto('/es/');
  await expect(page.getByText('Su carrito está vacío.')).toBeVisible();
});

interface ServerLine {
  product_id: number;
  name: string;
  quantity: number;
  inventory: number;
  quantity_exceeds_inventory?: boolean;
}

async function basketLines(page: Page): Promise<ServerLine[]> {
  const basketNum = (await page.context().cookies()).find((cookie) => cookie.name === 'BASKETN')?.value ?? '';
  expect(basketNum).not.toBe('');
  const answer = await api<{ BASKET: ServerLine[] }>('GET', `a/basket/${basketNum}`);
  expect(answer.status).toBe(200);
  return answer.body.BASKET;
}

test('marine: a quantity above the stock shows the inventory warning, whose one press orders the stock instead', async ({
  page,
}) => {
  await page.goto('/?add-to-cart=2043,1');
  const [line] = await basketLines(page);
  expect(line?.inventory).toBeGreaterThan(0);
  const stock = line?.inventory ?? 0;
  const input = quantityOf(page, /Water Pump Impeller/);
  await expect(input).toBeEnabled();
  const warning = page.getByRole('status').filter({ hasText: 'The quantity requested exceeds our inventory' });
  await expect(warning).toHaveCount(0);

  await input.fill(String(stock + 1));
  await expect(page.getByTestId('item-count')).toHaveText(String(stock + 1));
  await expect(warning).toBeVisible();
  await expect(input).toHaveAccessibleDescription('The quantity requested exceeds our inventory');

  await warning.getByRole('button', { name: `Change to ${stock}` }).click();
  await expect(page.getByTestId('item-count')).toHaveText(String(stock));
  await expect(input).toHaveValue(String(stock));
  await expect(warning).toHaveCount(0);
});

test('cycle: the same quantity above the stock shows no inventory warning', async ({ page }) => {
  await page.goto(`${E2E_SITES.cycle}/?add-to-cart=400001,1`);
  const [line] = await basketLines(page);
  expect(line?.product_id).toBe(400001);
  const stock = line?.inventory ?? 0;
  expect(stock).toBeGreaterThan(0);
  const input = quantityOf(page, new RegExp(line?.name ?? 'unknown'));
  await expect(input).toBeEnabled();

  await input.fill(String(stock + 1));
  await expect(page.getByTestId('item-count')).toHaveText(String(stock + 1));
  // The server keeps the quantity and flags it; the cycle store does not warn about it.
  await expect.poll(async () => (await basketLines(page))[0]?.quantity_exceeds_inventory).toBe(true);
  await expect(input).toHaveValue(String(stock + 1));
  await expect(page.getByText(/exceeds our inventory/)).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-describedby');
});
