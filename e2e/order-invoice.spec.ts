import { shownUnits } from './support/amounts';
import { expect, test, type Locator, type Page } from './support/test';
import { expectAccessible } from './support/axe';

// Each order of the history shows what it cost, line by line, and opens onto its invoice to print,
// with and without JavaScript. Seeded order 601104: two lines (the second of 3) placed 8 days ago.
const CUSTOMER = { email: 'customer@example.com', password: 'Customer123!' };
const NUMBER = '601104';
const STORE = 'Marine Parts Store';

async function logInTo(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** The amount of a label-value list's entry, in ten-thousandths of a dollar. */
async function amountOf(list: Locator, label: string | RegExp): Promise<number> {
  return shownUnits(await list.locator('dt').filter({ hasText: label }).locator('+ dd').textContent());
}

/**
 * Each line says its quantity beside its unit price, the totals add up, and the total is the one the
 * order's row shows (that a line's total is its quantity times its price is the money units').
 */
async function expectBreakdownAddsUp(entry: Locator): Promise<void> {
  const rows = entry.locator('.order__items tbody tr');
  await expect(rows).toHaveCount(2);
  let lines = 0;
  for (const row of await rows.all()) {
    const total = shownUnits(await row.locator('.order__line-total').textContent());
    const unit = row.getByTestId('line-unit');
    const [quantity] = ((await unit.textContent()) ?? '').split(' × ');
    expect(Number(quantity), 'the quantity beside the unit price').toBe(
      Number(await row.locator('td').nth(1).innerText()),
    );
    lines += total;
  }
  const totals = entry.locator('.invoice__totals');
  const subtotal = await amountOf(totals, 'Subtotal');
  expect(subtotal, 'the subtotal is the sum of the lines').toBe(lines);
  const total = await amountOf(totals, /^Total$/);
  expect(total).toBe(subtotal + (await amountOf(totals, 'Sales tax')) + (await amountOf(totals, /^Shipping/)));
  expect(total, "the row's total").toBe(shownUnits(await entry.locator('.order__when strong').textContent()));
}

async function openOrder(page: Page): Promise<Locator> {
  const entry = page.getByRole('article', { name: `Order ${NUMBER}`, exact: true });
  await entry.locator('summary').first().click();
  await expect(entry.locator('details').first()).toHaveAttribute('open', '');
  return entry;
}

/** The invoice page: the order's lines and totals, how it was paid, and nothing of the site when printed. */
async function expectInvoicePage(page: Page, script: boolean): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/order-history/invoice/\\?order=${NUMBER}$`));
  await expect(page).toHaveTitle(`Invoice for order ${NUMBER} · ${STORE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice for order ${NUMBER}`);
  const invoice = page.locator('details.invoice');
  await expect(invoice.locator('.invoice__facts dt:text-is("Order number") + dd')).toHaveText(NUMBER);
  await expect(invoice.locator('.invoice__facts dt:text-is("Paid with") + dd')).toHaveText('Credit or debit card');
  await expect(invoice.locator('.invoice__items tbody tr')).toHaveCount(2);
  const totals = invoice.locator('.invoice__totals');
  const lines = await invoice.locator('.invoice__ext').allTextContents();
  expect(await amountOf(totals, 'Subtotal')).toBe(lines.reduce((sum, text) => sum + shownUnits(text), 0));
  const print = page.getByRole('button', { name: 'Print invoice' });
  if (script) await expect(print).toBeVisible();
  else await expect(print).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  await expect(invoice.locator('.invoice__totals')).toBeVisible();
  for (const chrome of [
    page.locator('.site-header'),
    page.locator('.site-footer'),
    page.getByRole('link', { name: 'Back to order history' }),
  ])
    await expect(chrome).toBeHidden();
  await expect(print).toBeHidden();
  // On paper the seller is named with its address and contacts, under the page's one title.
  const seller = invoice.locator('address.invoice__seller');
  await expect(seller).toBeVisible();
  await expect(seller).toContainText(STORE);
  await expect(seller).toContainText('Salt Lake City, UT 84115');
  await expect(seller).toContainText('+1 (800) 555-0134 · support@marineparts.example');
  await expect(page.getByRole('heading', { name: /Invoice/ })).toHaveCount(1);
  await page.emulateMedia({ media: 'screen' });
}

test('an order in the history shows its price breakdown and opens its invoice to print', async ({ page }) => {
  await logInTo(page, '/order-history/');
  await expect(page).toHaveTitle(`Order history · ${STORE}`);
  const entry = await openOrder(page);
  await expectBreakdownAddsUp(entry);
  await expectAccessible(page, 'order history with an order opened');
  await entry.getByRole('link', { name: `Invoice for order ${NUMBER}` }).click();
  await expectInvoicePage(page, true);
  await expectAccessible(page, 'an order invoice');
  await page.getByRole('link', { name: 'Back to order history' }).click();
  await expect(page).toHaveURL(/\/order-history\/$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the history is drawn with each breakdown, and the invoice opens', async ({ page }) => {
    await logInTo(page, '/order-history/');
    const entry = await openOrder(page);
    await expectBreakdownAddsUp(entry);
    await entry.getByRole('link', { name: `Invoice for order ${NUMBER}` }).click();
    await expectInvoicePage(page, false);
  });

  test('the invoice is in the language of the page', async ({ page }) => {
    await logInTo(page, '/order-history/');
    await page.goto(`/es/order-history/invoice/?order=${NUMBER}`);
    await expect(page).toHaveTitle(`Factura del pedido ${NUMBER} · ${STORE}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Factura del pedido ${NUMBER}`);
    await expect(page.locator('.invoice__totals dt').first()).toHaveText('Subtotal');
  });
});

test("another customer's order has no invoice here, on the page or through the proxy", async ({ page }) => {
  // 601201 is acai@example.com's order.
  await logInTo(page, '/order-history/invoice/?order=601201');
  const response = await page.reload();
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('We could not find this order among yours.');
  await expect(page.locator('details.invoice')).toHaveCount(0);
  const proxied = await page.request.get('/api/v2/orders/601201/invoice/');
  expect(proxied.status()).toBe(404);
  const own = await page.request.get(`/api/v2/orders/${NUMBER}/invoice/`);
  expect(own.status()).toBe(200);
});
