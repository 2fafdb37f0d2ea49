import { expect, test, type Page } from '@playwright/test';
import {
  ACAI,
  APPROVED_CARD,
  CUSTOMER,
  DECLINED_CARD,
  dollars,
  orderByNumber,
  payByCard,
  placeOrderButton,
  reviewWithBasket,
  serverBasket,
} from './support/checkout';

function shippingOptions(page: Page) {
  return page.getByRole('group', { name: 'Shipping options' });
}

function invoiceFact(page: Page, term: string) {
  const facts = page.locator('.invoice__facts');
  return facts.locator(`dt:text-is("${term}") + dd`);
}

test('a customer pays by card and gets a complete invoice that survives a reload; the cart is then empty', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '1374449,2;2043,1');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('row', { name: /Water Pump Repair Kit/ })).toContainText('2');
  await expect(shippingOptions(page).getByRole('radio', { name: /Standard/ })).toBeChecked();
  const before = await serverBasket(basketNum);
  await expect(page.getByTestId('order-total')).toHaveText(dollars(before.ORDER.orderTotal));

  await payByCard(page, APPROVED_CARD);
  await expect(placeOrderButton(page)).toHaveText('Place order');
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const orderNumber = (await invoiceFact(page, 'Order number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^\d+$/);

  const checkInvoice = async () => {
    await expect(invoiceFact(page, 'Order number')).toHaveText(orderNumber);
    await expect(invoiceFact(page, 'Invoice number')).toHaveText(/^\d+$/);
    await expect(invoiceFact(page, 'Order date')).not.toBeEmpty();
    const billTo = page.locator('.invoice__address').filter({ has: page.getByRole('heading', { name: 'Bill to' }) });
    const shipTo = page.locator('.invoice__address').filter({ has: page.getByRole('heading', { name: 'Ship to' }) });
    for (const address of [billTo, shipTo]) {
      await expect(address).toContainText('Casey Marsh');
      await expect(address).toContainText('175 S Main St');
      await expect(address).toContainText('Salt Lake City, UT 84111');
    }
    const items = page.getByRole('table', { name: 'Items ordered' });
    await expect(items.getByRole('row')).toHaveCount(3);
    await expect(items.getByRole('row', { name: /0437512 Water Pump Repair Kit 2/ })).toBeVisible();
    await expect(items.getByRole('row', { name: /6E5-44352-01-00 Water Pump Impeller 1/ })).toBeVisible();
    const money = page.locator('.invoice__totals');
    await expect(money.locator('dt:text-is("Shipping (standard)") + dd')).toHaveText(dollars(before.ORDER.shipping));
    await expect(money.locator('dt:text-is("Sales tax") + dd')).toHaveText(dollars(before.ORDER.tax));
    await expect(money.locator('dt:text-is("Total") + dd')).toHaveText(dollars(before.ORDER.orderTotal));
    await expect(money.locator('dt:text-is("Subtotal") + dd')).toHaveText(dollars(before.ORDER.orderTotal - before.ORDER.shipping - before.ORDER.tax));
  };
  await checkInvoice();

  // The order as the store keeps it.
  const order = await orderByNumber(CUSTOMER.email, orderNumber);
  expect(order.orderno.order_total).toBeCloseTo(before.ORDER.orderTotal, 2);
  expect(order.items.map((item) => [item.sku, item.quantity])).toEqual([
    ['0437512', 2],
    ['6E5-44352-01-00', 1],
  ]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await checkInvoice();

  await page.goto('/');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('a declined card keeps cart, shipping and entries; another method lifts the lock and the retry succeeds', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, ACAI, '15732,2');
  await shippingOptions(page).getByRole('radio', { name: /Expedited/ }).check();
  await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false');
  const notes = page.getByRole('textbox', { name: 'Engine information (model or serial number)' });
  await notes.fill('E-TEC 115, serial 5512345');

  await payByCard(page, DECLINED_CARD, '4321');
  await placeOrderButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This transaction has been declined.' })).toBeVisible();
  await expect(placeOrderButton(page)).toHaveText('Try again');
  await expect(placeOrderButton(page)).toBeDisabled();
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(shippingOptions(page).getByRole('radio', { name: /Expedited/ })).toBeChecked();
  await expect(notes).toHaveValue('E-TEC 115, serial 5512345');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(DECLINED_CARD);
  await expect(page.getByRole('textbox', { name: 'Security code (CSV)' })).toHaveValue('4321');
  const kept = await serverBasket(basketNum);
  expect(kept.BASKET.map((line) => [line.product_id, line.quantity])).toEqual([[15732, 2]]);

  // A new card alone does not lift the lock; a change of method does.
  await page.getByRole('textbox', { name: 'Card number' }).fill(APPROVED_CARD);
  await expect(placeOrderButton(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(APPROVED_CARD);
  await expect(placeOrderButton(page)).toHaveText('Place order');
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await expect(page.locator('.invoice__totals')).toContainText('Shipping (expedited)');
  const orderNumber = (await invoiceFact(page, 'Order number').textContent())?.trim() ?? '';
  const order = await orderByNumber(ACAI.email, orderNumber);
  expect(order.orderno.ship_type).toMatch(/03|expedited/);
});

test('choosing another shipping option updates the shipping line and the total', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '2043,1');
  const standard = await serverBasket(basketNum);
  await expect(page.getByTestId('shipping-total')).toHaveText(dollars(standard.ORDER.shipping));
  await expect(page.getByTestId('order-total')).toHaveText(dollars(standard.ORDER.orderTotal));

  const rush = shippingOptions(page).getByRole('radio', { name: /Rush, next day/ });
  const rushLabel = shippingOptions(page).locator('label').filter({ hasText: 'Rush, next day' });
  const rushPrice = Number(await rushLabel.locator('data').getAttribute('value'));
  expect(rushPrice).toBeGreaterThan(standard.ORDER.shipping);
  await rush.check();
  await expect(page.getByTestId('shipping-total')).toHaveText(dollars(rushPrice));
  await expect(shippingOptions(page)).toContainText('Arrives the next business day');
  const updated = await serverBasket(basketNum);
  expect(updated.ORDER.shipping).toBeCloseTo(rushPrice, 2);
  await expect(page.getByTestId('order-total')).toHaveText(dollars(updated.ORDER.orderTotal));
  expect(updated.ORDER.orderTotal).toBeGreaterThan(standard.ORDER.orderTotal);
});
