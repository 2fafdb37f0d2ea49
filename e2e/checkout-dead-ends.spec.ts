import { expect, test } from './support/test';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  freshCustomer,
  orderByNumber,
  orderHistory,
  payByCard,
  placeOrderButton,
  reviewWithBasket,
  serverBasket,
  signInTo,
} from './support/checkout';
import { expectAccessible } from './support/axe';
import { E2E_SITES } from './support/sites';

// Paths that used to end with no way out: a declined card in a store without the wallet, an
// order submitted without payment, and payment success opened with nothing to show.

const orderNumberOn = (page: import('@playwright/test').Page) =>
  page.locator('.invoice__facts dt:text-is("Order number") + dd');

test('without the wallet (cycle store), a declined card is fixed by typing another card, which pays once', async ({
  page,
}) => {
  const account = await freshCustomer('declined-nowallet');
  const basketNum = await reviewWithBasket(page, account, '400001,2', E2E_SITES.noWallet);
  // There is no other method to switch to: only the card (preselected by the cycle store).
  await expect(page.getByRole('radio', { name: 'PayPal' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();

  await payByCard(page, DECLINED_CARD);
  await placeOrderButton(page).click();
  const declined = page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('alert')
    .filter({ hasText: 'This transaction has been declined. Your card was not charged.' });
  await expect(declined).toBeVisible();
  await expect(placeOrderButton(page)).toHaveText('Change payment to try again');
  await expect(placeOrderButton(page)).toBeDisabled();
  const cardNumber = page.getByRole('textbox', { name: 'Card number' });
  await expect(cardNumber).toBeFocused();
  expect((await serverBasket(basketNum)).ORDER.ordered).toBeFalsy();
  await expectAccessible(page, 'review order after a declined card, without the wallet');

  // The shopper types the new number over the focused field, as a person would.
  await cardNumber.selectText();
  await page.keyboard.type(APPROVED_CARD);
  await expect(declined).toHaveCount(0);
  await expect(placeOrderButton(page)).toHaveText(/^Place order · \$[\d,.]+$/);
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(`${E2E_SITES.noWallet}/payment-success/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const shown = (await orderNumberOn(page).textContent())?.trim() ?? '';
  const orders = await orderHistory(account);
  expect(orders).toHaveLength(1);
  expect(String(Number(orders[0]?.orderno.order_no) + 1000)).toBe(shown);
  expect(orders[0]?.items.map((item) => item.quantity)).toEqual([2]);
});

test('where the store enables it, an order is submitted without payment and the success page asks to contact the shop with its number', async ({
  page,
}) => {
  const account = await freshCustomer('offline');
  await reviewWithBasket(page, account, '400001,1', E2E_SITES.noWallet);
  await page.getByRole('radio', { name: 'Submit without payment' }).check();
  await expect(
    page.getByText('We will contact you to take the payment; the order is completed once it is paid.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expectAccessible(page, 'review order with submit without payment chosen');
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(`${E2E_SITES.noWallet}/payment-success/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  const shown = (await orderNumberOn(page).textContent())?.trim() ?? '';
  expect(shown).toMatch(/^\d+$/);
  await expect(
    page.getByText(`To complete this order we need your payment: please contact us and quote order number ${shown}.`),
  ).toBeVisible();
  await expectAccessible(page, 'payment success of an order submitted without payment');
  const order = await orderByNumber(account.email, shown);
  expect(order.items).toHaveLength(1);
});

test('stores that do not enable it never offer submitting without payment', async ({ page }) => {
  const account = await freshCustomer('offline-off');
  for (const site of [E2E_SITES.marine, E2E_SITES.cycle]) {
    await reviewWithBasket(page, account, site === E2E_SITES.marine ? '2043,1' : '400001,1', site);
    await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Submit without payment' })).toHaveCount(0);
    await page.context().clearCookies();
  }
});

test('payment success with nothing to show goes back to the page the shopper was on, not always to the cart', async ({
  page,
}) => {
  const account = await freshCustomer('success-target');
  await signInTo(page, account, '/order-history/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // No checkout in this tab: no method stored, no basket.
  await page.goto('/payment-success/');
  await expect(page).toHaveURL(`${E2E_SITES.marine}/order-history/`);
  // Opened again from there it still returns there, and never loops on itself.
  await page.goto('/payment-success/');
  await expect(page).toHaveURL(`${E2E_SITES.marine}/order-history/`);
});
