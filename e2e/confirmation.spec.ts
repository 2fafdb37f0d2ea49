import { expect, test, type Page } from './support/test';
import { api, basketOf, freshCustomer, reviewWithBasket, signedBasketKey, toWalletPage } from './support/checkout';
import { E2E_SITES } from './support/sites';
import { cookieOf, fillShippingAddress, payAndConfirm } from './support/shopper';

// Payment success is drawn by the server from the order the visitor's record names: what only a
// browser shows is that it outlives the tab (reload, a new tab, the back button, no JavaScript) and
// that nobody else at the computer, nor another browser with the cookie, ever sees it.

const site = E2E_SITES.marine;
const received = (page: Page) => page.getByRole('heading', { level: 1, name: 'Your order has been received' });
const fact = (page: Page, term: string) => page.locator(`.payment__facts dt:text-is("${term}") + dd`);

/** Payment success sent the visitor elsewhere: it had nothing of theirs to show. */
async function turnedAway(page: Page, orderNumber: string): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/payment-success/');
  await expect(received(page)).toHaveCount(0);
  expect(await page.content()).not.toContain(orderNumber);
}

/** The purchase events the store's analytics counted for an order (by its returned number). */
async function purchasesOf(shownNumber: string): Promise<number> {
  const { body } = await api<{ payload: { order?: { order_no?: unknown } } }[]>(
    'GET',
    '__test/analytics?type=purchase',
  );
  return body.filter((event) => String(event.payload.order?.order_no) === String(Number(shownNumber) - 1000)).length;
}

test('the confirmation survives a reload, a new tab, the back button and a browser without JavaScript; it is counted once', async ({
  page,
  context,
  browser,
}) => {
  const account = await freshCustomer('confirmation');
  await reviewWithBasket(page, account, '2043,1');
  const orderNumber = await payAndConfirm(page, site);
  await expect(fact(page, 'Confirmation sent to')).toHaveText(account.email);

  await page.reload();
  await expect(received(page)).toBeVisible();
  await expect(fact(page, 'Order number')).toHaveText(orderNumber);
  await expect(fact(page, 'Confirmation sent to')).toHaveText(account.email);

  const tab = await context.newPage();
  await tab.goto(`${site}/payment-success/`);
  await expect(received(tab)).toBeVisible();
  await expect(fact(tab, 'Order number')).toHaveText(orderNumber);
  await tab.close();

  await page.goto(`${site}/`);
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${site}/payment-success/`);
  await expect(fact(page, 'Order number')).toHaveText(orderNumber);
  // Print is the script's: the page shows it once its one small module has run.
  await expect(page.getByRole('button', { name: 'Print invoice' })).toBeVisible();

  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const still = await plain.newPage();
    await still.goto(`${site}/payment-success/`);
    await expect(received(still)).toBeVisible();
    await expect(fact(still, 'Order number')).toHaveText(orderNumber);
    await expect(fact(still, 'Confirmation sent to')).toHaveText(account.email);
    await expect(still.getByRole('table', { name: 'Items ordered' })).toContainText('Water Pump Impeller');
    await expect(still.getByRole('button', { name: 'Print invoice' })).toBeHidden();
    await expect(still.getByRole('button', { name: 'Track order' })).toBeVisible();
  } finally {
    await plain.close();
  }
  expect(await purchasesOf(orderNumber)).toBe(1);
});

test('the wallet returns to a page that confirms on the server, without JavaScript too', async ({
  page,
  context,
  browser,
}) => {
  const account = await freshCustomer('confirmation-wallet');
  await reviewWithBasket(page, account, '15732,1');
  await toWalletPage(page);
  const approval = page.url();
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const wallet = await plain.newPage();
    await wallet.goto(approval);
    await wallet.getByRole('button', { name: 'Approve' }).click();
    await expect(wallet).toHaveURL(`${site}/payment-success/`);
    await expect(received(wallet)).toBeVisible();
    await expect(fact(wallet, 'Paid with')).toHaveText('PayPal');
    const orderNumber = (await fact(wallet, 'Order number').textContent())?.trim() ?? '';
    await wallet.reload();
    await expect(fact(wallet, 'Order number')).toHaveText(orderNumber);
    expect(await purchasesOf(orderNumber)).toBe(1);
  } finally {
    await plain.close();
  }
});

test("a guest's confirmation is refused to another browser given its cookie, to an edited cookie, and ends with the guest", async ({
  page,
  context,
  browser,
}) => {
  await page.goto(`${site}/?add-to-cart=2043,1`);
  await expect(page.getByRole('spinbutton').first()).toBeVisible();
  const basket = await basketOf(context, site);
  const email = `confirm-${basket.slice(0, 10)}@example.com`;
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await fillShippingAddress(page, { firstName: 'Dana', lastName: 'Reyes', email });
  await page.getByRole('button', { name: 'Continue' }).click();
  const orderNumber = await payAndConfirm(page, site);
  // The address the order was confirmed to, from the order itself, on every showing.
  await expect(fact(page, 'Confirmation sent to')).toHaveText(email);
  await page.reload();
  await expect(fact(page, 'Confirmation sent to')).toHaveText(email);

  const record = (await context.cookies(site)).find((cookie) => cookie.name === 'ps_order');
  expect(record?.httpOnly).toBe(true);
  const claims = await cookieOf(context, site, 'ps_session');

  // Another guest's browser given this one's record: its own guest session, its own basket key.
  const other = await browser.newContext();
  try {
    await other.addCookies([
      { name: 'ps_guest', value: 'B-another-guest', url: site },
      { name: 'ps_session', value: claims ?? '', url: site },
      { name: 'ps_basket_key', value: signedBasketKey('another-guest-key-0123456789abcdef'), url: site },
      { name: 'ps_order', value: record?.value ?? '', url: site },
    ]);
    const elsewhere = await other.newPage();
    await elsewhere.goto(`${site}/payment-success/`);
    await turnedAway(elsewhere, orderNumber);
  } finally {
    await other.close();
  }

  // The record edited to name another order: no longer this site's signature.
  const [, ...rest] = (record?.value ?? '').split('.');
  await context.addCookies([{ name: 'ps_order', value: ['601301', ...rest].join('.'), url: site, httpOnly: true }]);
  await page.goto(`${site}/payment-success/`);
  await turnedAway(page, orderNumber);
  await context.addCookies([{ ...record!, sameSite: 'Strict' }]);
  await page.goto(`${site}/payment-success/`);
  await expect(fact(page, 'Order number')).toHaveText(orderNumber);

  // The guest leaves: the next person at the computer finds no confirmation.
  await page.goto(`${site}/?add-to-cart=15732,1`);
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await page.getByRole('button', { name: 'Exit guest checkout' }).click();
  await expect(page).toHaveURL(`${site}/signin/`);
  expect(await cookieOf(context, site, 'ps_order')).toBeUndefined();
  await page.goto(`${site}/payment-success/`);
  await turnedAway(page, orderNumber);
});
