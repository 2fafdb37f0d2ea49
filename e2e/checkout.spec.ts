import { expect, test, type Page } from './support/test';
import {
  ACAI,
  APPROVED_CARD,
  basketFor,
  CUSTOMER,
  DECLINED_CARD,
  dollars,
  freshCustomer,
  orderByNumber,
  orderHistory,
  payByCard,
  placeOrderButton,
  reviewWithBasket,
  serverBasket,
  shippingSettled,
  signInToReview,
  suzukiProduct,
  toWalletPage,
} from './support/checkout';
import { injectFault } from './support/faults';
import { E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';

function shippingOptions(page: Page) {
  return page.getByRole('group', { name: 'Shipping options' });
}

function invoiceFact(page: Page, term: string) {
  const facts = page.locator('.invoice__facts');
  return facts.locator(`dt:text-is("${term}") + dd`);
}

test('a customer pays by card and gets a complete invoice that survives a reload; the cart is then empty', async ({
  page,
}) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '1374449,2;2043,1');
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('Casey Marsh');
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Casey Marsh');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('row', { name: /Water Pump Repair Kit/ })).toContainText('2');
  // The cart promised this basket free no-rush shipping: review opens with it, priced so.
  await expect(shippingOptions(page).getByRole('radio', { name: /Free, no rush/ })).toBeChecked();
  const before = await serverBasket(basketNum);
  expect(before.ORDER.shipping).toBe(0);
  await expect(page.getByTestId('total')).toHaveText(dollars(before.ORDER.orderTotal));

  await payByCard(page, APPROVED_CARD);
  await expect(placeOrderButton(page)).toHaveText(`Place order · ${dollars(before.ORDER.orderTotal)}`);
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
    await expect(money.locator('dt:text-is("Shipping (Free, no rush)") + dd')).toHaveText(
      dollars(before.ORDER.shipping),
    );
    await expect(money.locator('dt:text-is("Sales tax") + dd')).toHaveText(dollars(before.ORDER.tax));
    await expect(money.locator('dt:text-is("Total") + dd')).toHaveText(dollars(before.ORDER.orderTotal));
    await expect(money.locator('dt:text-is("Subtotal") + dd')).toHaveText(
      dollars(before.ORDER.orderTotal - before.ORDER.shipping - before.ORDER.tax),
    );
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

test('a declined card keeps cart, shipping and entries; a new card number lifts the lock and pays', async ({
  page,
}) => {
  const basketNum = await reviewWithBasket(page, ACAI, '15732,2');
  await shippingOptions(page)
    .getByRole('radio', { name: /Expedited/ })
    .check();
  await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false');
  const notes = page.getByRole('textbox', { name: 'Engine information (model or serial number)' });
  await notes.fill('E-TEC 115, serial 5512345');

  await payByCard(page, DECLINED_CARD, '4321');
  await placeOrderButton(page).click();
  const declined = page.getByRole('alert').filter({ hasText: 'This transaction has been declined.' });
  await expect(declined).toBeVisible();
  await expect(placeOrderButton(page)).toHaveText('Change payment to try again');
  await expect(placeOrderButton(page)).toBeDisabled();
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(shippingOptions(page).getByRole('radio', { name: /Expedited/ })).toBeChecked();
  await expect(notes).toHaveValue('E-TEC 115, serial 5512345');
  const cardNumber = page.getByRole('textbox', { name: 'Card number' });
  // The number as typed, grouped the way the card prints it.
  await expect(cardNumber).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByRole('textbox', { name: 'Security code (CVV)' })).toHaveValue('4321');
  // The shopper's next step is another card: its number has the focus.
  await expect(cardNumber).toBeFocused();
  const kept = await serverBasket(basketNum);
  expect(kept.BASKET.map((line) => [line.product_id, line.quantity])).toEqual([[15732, 2]]);

  // Typing a new card number is a change of payment (spec checkout §4.6): the lock lifts, the
  // decline goes with it, and the wallet is never needed to get out.
  await cardNumber.fill(APPROVED_CARD);
  await expect(declined).toHaveCount(0);
  await expect(placeOrderButton(page)).toHaveText(/^Place order · \$[\d,.]+$/);
  await expect(placeOrderButton(page)).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await expect(page.locator('.invoice__totals')).toContainText('Shipping (Expedited)');
  const orderNumber = (await invoiceFact(page, 'Order number').textContent())?.trim() ?? '';
  const order = await orderByNumber(ACAI.email, orderNumber);
  expect(order.orderno.ship_type).toMatch(/03|expedited/);
});

test('choosing another shipping option updates the shipping line and the total', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '2043,1');
  const standard = await serverBasket(basketNum);
  await expect(page.getByTestId('shipping')).toHaveText(dollars(standard.ORDER.shipping));
  await expect(page.getByTestId('total')).toHaveText(dollars(standard.ORDER.orderTotal));

  const rush = shippingOptions(page).getByRole('radio', { name: /Rush, next day/ });
  const rushLabel = shippingOptions(page).locator('label').filter({ hasText: 'Rush, next day' });
  const rushPrice = Number(await rushLabel.locator('data').getAttribute('value'));
  expect(rushPrice).toBeGreaterThan(standard.ORDER.shipping);
  await rush.check();
  await expect(page.getByTestId('shipping')).toHaveText(dollars(rushPrice));
  await expect(shippingOptions(page)).toContainText('Arrives the next business day');
  const updated = await serverBasket(basketNum);
  expect(updated.ORDER.shipping).toBeCloseTo(rushPrice, 2);
  await expect(page.getByTestId('total')).toHaveText(dollars(updated.ORDER.orderTotal));
  expect(updated.ORDER.orderTotal).toBeGreaterThan(standard.ORDER.orderTotal);
});

test('wallet: approving on the wallet page reaches the invoice; the cart is then empty', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '2043,2');
  const expected = await serverBasket(basketNum);
  await toWalletPage(page);
  await expect(page.getByText(`Amount: ${dollars(expected.ORDER.orderTotal)} (USD)`)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  // Confirmed on the server, which then drops the token from the address: a reload confirms nothing.
  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const orderNumber = (await invoiceFact(page, 'Order number').textContent())?.trim() ?? '';
  await expect(invoiceFact(page, 'Paid with')).toHaveText('PayPal');
  await expect(
    page.getByRole('table', { name: 'Items ordered' }).getByRole('row', { name: /Water Pump Impeller 2/ }),
  ).toBeVisible();
  await expect(page.locator('.invoice__totals dt:text-is("Total") + dd')).toHaveText(
    dollars(expected.ORDER.orderTotal),
  );
  const order = await orderByNumber(CUSTOMER.email, orderNumber);
  expect(order.orderno.order_total).toBeCloseTo(expected.ORDER.orderTotal, 2);
  await page.goto('/');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('wallet: cancelling on the wallet page returns to review order saying nothing was charged, with the wallet chosen', async ({
  page,
}) => {
  const basketNum = await reviewWithBasket(page, CUSTOMER, '15732,1');
  await toWalletPage(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/review-order\/\?token=EC-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
  // Said in words, not a silent return: cancelled, nothing charged, the choices kept.
  await expect(page.getByRole('status').filter({ hasText: 'Your PayPal payment was cancelled.' })).toContainText(
    'Nothing was charged',
  );
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).not.toBeChecked();
  await expect(placeOrderButton(page)).toBeEnabled();
  const basket = await serverBasket(basketNum);
  expect(basket.BASKET).toHaveLength(1);
  expect(basket.ORDER.ordered).toBeFalsy();
});

test('wallet: a failed confirmation shows the critical wallet error, quotes no basket number and places nothing', async ({
  page,
}) => {
  const basketNum = await reviewWithBasket(page, ACAI, '2043,1');
  const token = await toWalletPage(page);
  await injectFault('POST', `^/a/paypal/${token}$`, 502);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payment-success\/\?token=EC-/);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'PayPal error' })).toBeVisible();
  await expect(alert).toContainText(
    'There was an issue confirming your order with PayPal. Your order has not been placed and your PayPal account has not been charged.',
  );
  // No order was made, so there is no order number to quote; a basket number means nothing to support.
  await expect(alert).not.toContainText('Reference:');
  await expect(alert).not.toContainText(basketNum);
  await expect(alert.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(alert.getByRole('link').first()).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('heading', { name: 'Your order has been received' })).toHaveCount(0);
  const basket = await serverBasket(basketNum);
  expect(basket.ORDER.ordered).toBeFalsy();
  expect(basket.BASKET).toHaveLength(1);
});

test('wallet: a return without a token is the critical wallet error', async ({ page }) => {
  const basketNum = await reviewWithBasket(page, ACAI, '15732,3');
  await toWalletPage(page);
  await page.goto(`${E2E_SITES.marine}/payment-success/`);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'PayPal error' })).toBeVisible();
  await expect(alert).toContainText('Your order has not been placed');
  await expect(alert).not.toContainText('Reference:');
  expect((await serverBasket(basketNum)).ORDER.ordered).toBeFalsy();
});

test('a card of a network the store does not list is warned at the field with the networks it takes; Place order becomes "Submit anyway" and places the order', async ({
  page,
}) => {
  await reviewWithBasket(page, CUSTOMER, '1374449,1');
  // A Luhn-valid JCB number: not a card type the shop lists, so the page doubts it; the processor accepts it.
  await payByCard(page, '3566002020360505');
  await placeOrderButton(page).click();
  const warning = page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('alert')
    .filter({ hasText: 'We take Visa, Mastercard, Maestro, American Express and Discover' });
  await expect(warning).toBeVisible();
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(placeOrderButton(page)).toHaveText('Submit anyway');
  // The warning stands a second before the same button sends: a double click never does.
  await page.waitForTimeout(1000);
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Items ordered' }).getByRole('row', { name: /Water Pump Repair Kit 1/ }),
  ).toBeVisible();
});

test('other form errors keep Place Order disabled; a doubtful card number alone does not', async ({ page }) => {
  await reviewWithBasket(page, ACAI, '1374449,1');
  await payByCard(page, '3566002020360505', '1');
  await page.getByRole('textbox', { name: 'Card number' }).focus();
  await expect(page.getByText('Enter a valid security code (CVV): 3 to 5 digits.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Security code (CVV)' })).toHaveAttribute('aria-invalid', 'true');
  await expect(placeOrderButton(page)).toBeDisabled();
  await page.getByRole('textbox', { name: 'Security code (CVV)' }).fill('123');
  await page.getByRole('textbox', { name: 'Card number' }).blur();
  await expect(page.getByText(/^We take Visa, Mastercard, Maestro, American Express and Discover/)).toBeVisible();
  await expect(placeOrderButton(page)).toBeEnabled();
  await expect(placeOrderButton(page)).toHaveText(/^Place order · \$[\d,.]+$/);
});

test('a Suzuki part mixed with another manufacturer disables Place Order', async ({ page }) => {
  const suzuki = await suzukiProduct();
  await reviewWithBasket(page, CUSTOMER, `${suzuki},1;2043,1`);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Suzuki and Mercury products cannot be mixed with products of other manufacturers.' }),
  ).toBeVisible();
  await payByCard(page, APPROVED_CARD);
  await expect(placeOrderButton(page)).toBeDisabled();
  // The same Suzuki part alone may be ordered.
  await page.goto(`/?add-to-cart=${suzuki},1&new-cart`);
  await expect(page.getByRole('spinbutton')).toHaveCount(1);
  await page.goto('/review-order/');
  await shippingSettled(page);
  await expect(page.getByText('Suzuki and Mercury products cannot be mixed')).toHaveCount(0);
  await payByCard(page, APPROVED_CARD);
  await expect(placeOrderButton(page)).toBeEnabled();
});

test('a failed shipping call shows the shipping error with Retry, and Retry recovers', async ({ page }) => {
  const basketNum = await basketFor(page, '15732,4');
  // Once: the page's own read fails, so the page answers the outage and draws the error; the island
  // does not ask again as it wakes, and Retry is the shopper's.
  await injectFault('POST', `^/a/user/shipping/${basketNum}/?$`, 503, 1);
  await signInToReview(page, CUSTOMER);
  const error = page
    .getByRole('alert')
    .filter({ hasText: 'There was an error retrieving shipping options for your location.' });
  await expect(error).toBeVisible();
  await expect(error.getByRole('button', { name: 'Live chat' })).toBeVisible();
  await expect(error.getByRole('link', { name: /^Phone:/ })).toHaveAttribute('href', /^tel:/);
  await expect(error.getByRole('link', { name: /^E-mail:/ })).toHaveAttribute('href', /^mailto:/);
  await payByCard(page, APPROVED_CARD);
  await expect(placeOrderButton(page)).toBeDisabled();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await shippingSettled(page);
  await expect(shippingOptions(page).getByRole('radio', { name: /Standard/ })).toBeChecked();
  const basket = await serverBasket(basketNum);
  expect(basket.ORDER.shipping).toBeGreaterThan(0);
  await expect(page.getByTestId('shipping')).toHaveText(dollars(basket.ORDER.shipping));
  await expect(placeOrderButton(page)).toBeEnabled();
});

test('a double click on Place Order sends one checkout and creates one order', async ({ page }) => {
  const account = await freshCustomer('double');
  expect(await orderHistory(account)).toHaveLength(0);
  await reviewWithBasket(page, account, '2043,1;15732,2');
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/checkout\//.test(new URL(request.url()).pathname))
      checkouts.push(request.url());
  });
  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).dblclick();
  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const orderNumber = (await invoiceFact(page, 'Order number').textContent())?.trim() ?? '';
  expect(checkouts).toHaveLength(1);
  const orders = await orderHistory(account);
  expect(orders).toHaveLength(1);
  expect(String(Number(orders[0]?.orderno.order_no) + 1000)).toBe(orderNumber);
});

test('edit links: the address is changed on the customer form and the cart in edit mode, each returning to review', async ({
  page,
}) => {
  const account = await freshCustomer('edit');
  await reviewWithBasket(page, account, '2043,1');
  const shipping = page.getByRole('region', { name: 'Shipping address' });
  await expect(shipping).toContainText('Robin Keel');
  await shipping.getByRole('link', { name: 'Edit: Shipping address' }).click();
  await expect(page).toHaveURL(/\/customer-form\/\?edit=true$/);
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  await page.getByRole('textbox', { name: 'Apartment, suite, unit' }).fill('Unit 7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('175 S Main St Unit 7');
  await shippingSettled(page);

  // The billing Edit link opens the form at its billing block.
  await expect(page.getByRole('link', { name: 'Edit: Billing address' })).toHaveAttribute(
    'href',
    '/customer-form/?edit=true&billing=true',
  );

  await page.getByRole('link', { name: 'Edit: Order summary' }).click();
  await expect(page).toHaveURL(/\/\?edit=true$/);
  await expect(page.getByText('Edit your items, then continue where you left off.')).toBeVisible();
  const quantity = page.getByRole('spinbutton');
  await expect(quantity).toBeEnabled();
  await quantity.fill('3');
  await expect(page.getByTestId('item-count')).toHaveText('3');
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(
    page.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /Water Pump Impeller/ }),
  ).toContainText('3');
});

test('cycle store: the card is preselected and the order is placed', async ({ page }) => {
  await reviewWithBasket(page, CUSTOMER, '400001,1', E2E_SITES.cycle);
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await payByCard(page, APPROVED_CARD);
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(`${E2E_SITES.cycle}/payment-success/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const orderNumber = (await invoiceFact(page, 'Order number').textContent())?.trim() ?? '';
  const order = await orderByNumber(CUSTOMER.email, orderNumber);
  expect(order.items).toHaveLength(1);
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    'https://www.cycleparts.example/contact-us#contact-form',
  );
});
