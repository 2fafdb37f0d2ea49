import { expect, test } from './support/test';
import {
  APPROVED_CARD,
  basketOf,
  orderByNumber,
  payByCard,
  placeOrderButton,
  shippingSettled,
} from './support/checkout';
import { hydrated } from './support/islands';

// The whole guest path, clicked as a shopper clicks it. It uses the marine site only, so the scale
// test can run it through nginx in front of two instances.
test('a guest goes from an add-to-cart link to a paid order, then finds it by e-mail and number', async ({
  page,
  context,
}) => {
  await page.goto('/?add-to-cart=2043,2');
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  const basketNum = await basketOf(context);
  const email = `guest-${basketNum.slice(0, 10)}@example.com`;

  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await expect(page).toHaveURL(/\/signin\/$/);
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);
  await hydrated(page);

  await page.getByRole('textbox', { name: 'First name' }).fill('Dana');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Reyes');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('100 Main St');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('combobox', { name: 'State' }).selectOption('IL');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('62701');
  await page.getByRole('textbox', { name: 'Phone' }).fill('2175550100');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/review-order\/$/);
  await shippingSettled(page);
  await expect(
    page.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /Water Pump Impeller/ }),
  ).toBeVisible();
  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const orderNumber =
    (await page.locator('.invoice__facts dt:text-is("Order number") + dd').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^\d+$/);
  await expect(page.locator('.invoice__address').first()).toContainText('Dana Reyes');

  const order = await orderByNumber(email, orderNumber);
  expect(order.items.map((item) => [item.sku, item.quantity])).toEqual([['6E5-44352-01-00', 2]]);

  await page.goto(`/order-info/?email=${encodeURIComponent(email)}&order_no=${orderNumber}`);
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await expect(page.getByText('Water Pump Impeller').first()).toBeVisible();

  await page.goto('/');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});
