import { expect, test, type Page } from './support/test';
import { expectAccessible } from './support/axe';
import {
  ACAI,
  APPROVED_CARD,
  CUSTOMER,
  basketFor,
  basketOf,
  freshCustomer,
  placeOrderButton,
  signInToReview,
  shippingSettled,
  signInTo,
} from './support/checkout';
import { asThisCustomer, clearFault, fault, injectFault } from './support/faults';
import { stopsWithoutRing, tabTo, typeInto } from './support/keyboard';
import { E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';

/**
 * Every route in each state a shopper can meet: loaded, empty, error and forms showing errors.
 * A route is one row of a table, so a new page is one more line. The keyboard-only checkout, live
 * regions and reduced motion follow.
 */

/**
 * English and one other language: what differs between languages is their phrases, which the
 * locale-file tests hold in every language (same keys, placeholders and plurals, really translated).
 */
const LOCALES = ['', '/es'] as const;

/** Pages an anonymous visitor reaches, checked in English; those marked `inSpanish` in Spanish too. */
const ANONYMOUS_PAGES: readonly string[] = [
  '/',
  '/return-policy/',
  '/bulk-add-items/',
  '/signin/',
  '/login/',
  '/login/?logOut=true',
  '/recover-password/?email=a%40b.co',
  '/order-info/',
  '/public/tracking/?trackingNumber=EZ1000000001',
  '/public/tracking/?trackingNumber=EZ2000000002',
  '/public/tracking/?trackingNumber=PP3000000003',
  '/public/tracking/?trackingNumber=NOPE0000',
  '/public/rate-merchant/?orderno=NjAwMTA4.sQgNKQrizcc4KagI',
  '/public/rate-merchant/?orderno=NjAwMzAz.aV1gUrpBHl8-yMHd',
  '/public/rate-merchant/',
  '/public/subscriptions/unsubscribed/',
  '/public/no-such-page/',
  '/no-such-page/',
];

/**
 * The pages checked in Spanish as well: one of each kind (an island, a server form, a follow-up
 * page, a public page, the error page). The others are drawn by the same components, and what
 * differs between languages is their phrases, which the locale-file tests hold.
 */
const IN_SPANISH = new Set([
  '/',
  '/bulk-add-items/',
  '/login/',
  '/order-info/',
  '/public/tracking/?trackingNumber=EZ1000000001',
  '/public/rate-merchant/?orderno=NjAwMzAz.aV1gUrpBHl8-yMHd',
  '/no-such-page/',
]);

/**
 * Opens a page whose call keeps failing (the fault on `faultPath` is set), checks its error state
 * under axe, then ends the fault and presses Try again.
 */
async function errorStateThenRetry(
  page: Page,
  open: () => Promise<unknown>,
  alertText: string,
  faultPath: string,
  state: string,
): Promise<void> {
  await open();
  const error = page.getByRole('alert').filter({ hasText: alertText });
  await expect(error).toBeVisible();
  await hydrated(page);
  await expectAccessible(page, state);
  await clearFault(faultPath);
  await error.getByRole('button', { name: 'Try again' }).click();
}

// One test per page and language: a sweep of every page in one test outlives its timeout on a busy
// machine. They share nothing, so both workers may take them.
test.describe('anonymous pages', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const locale of LOCALES) {
    for (const path of ANONYMOUS_PAGES.filter((page) => locale === '' || IN_SPANISH.has(page))) {
      test(`${locale}${path} passes axe`, async ({ page }) => {
        await page.goto(`${locale}${path}`);
        await hydrated(page);
        await expectAccessible(page, `${locale}${path}`);
      });
    }
  }
});

test('the cart passes axe with items, after a refused entry, and in the cycle store', async ({ page }) => {
  await basketFor(page, '2043,2');
  await hydrated(page);
  await expectAccessible(page, 'cart with items');
  await page.goto('/?add-to-cart=999999999');
  await expect(page.locator('.notification')).toHaveCount(1);
  await expectAccessible(page, 'cart with a refused entry');
  await basketFor(page, '1374449', E2E_SITES.cycle);
  await hydrated(page);
  await expectAccessible(page, 'cycle cart');
  await page.goto(`${E2E_SITES.blocked}/`);
  await expectAccessible(page, 'cart with purchases blocked');
});

test('the login form passes axe showing its errors', async ({ page }) => {
  await page.goto('/login/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectAccessible(page, 'login with errors');
});

test('the order lookup passes axe with errors, without a match and with a match', async ({ page }) => {
  await page.goto('/order-info/');
  await hydrated(page);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('not-an-address');
  await page.getByRole('textbox', { name: 'Order number' }).fill('12a');
  await page.getByRole('textbox', { name: 'Order number' }).blur();
  await expect(page.getByText('Must be numeric value')).toBeVisible();
  await expectAccessible(page, 'order lookup with errors');

  await page.goto('/order-info/?email=nobody%40example.com&order_no=999999');
  await hydrated(page);
  await expect(page.getByRole('link', { name: /order history/i }).first()).toBeVisible();
  await expectAccessible(page, 'order lookup without a match');

  await page.goto('/order-info/?email=guest%40example.com&order_no=601301');
  await hydrated(page);
  await expect(page.getByText('601301').first()).toBeVisible();
  await expectAccessible(page, 'order lookup with a match');
});

test('the guest customer form passes axe empty and with errors', async ({ page }) => {
  await basketFor(page, '1374449');
  await page.goto('/signin/');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);
  await hydrated(page);
  await expectAccessible(page, 'empty customer form');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields' })).toBeFocused();
  await expectAccessible(page, 'customer form with errors');
});

test('bulk add passes axe with results', async ({ page }) => {
  await page.goto('/bulk-add-items/');
  await hydrated(page);
  await page.getByRole('textbox').first().fill('1374449\nNOT-A-PART-123');
  await page.getByRole('button', { name: /^Find/ }).first().click();
  await expect(page.getByText('1374449').first()).toBeVisible();
  await expectAccessible(page, 'bulk add with results');
});

test('review order passes axe loaded and with its shipping error', async ({ page }) => {
  const basketNum = await basketFor(page, '15732,2');
  // Twice: the page's own read leaves shipping to the island, whose read then fails too.
  await injectFault('POST', `^/a/user/shipping/${basketNum}/?$`, 500, 2);
  await signInToReview(page, CUSTOMER);
  const error = page
    .getByRole('alert')
    .filter({ hasText: 'There was an error retrieving shipping options for your location.' });
  await expect(error).toBeVisible();
  await expectAccessible(page, 'review order, shipping error');
  await error.getByRole('button', { name: 'Retry' }).click();
  await shippingSettled(page);
  await expectAccessible(page, 'review order loaded');
  await page.goto(`${E2E_SITES.blocked}/review-order/`);
  await expectAccessible(page, 'review order with purchases blocked');
});

test('order history when empty and account settings pass axe, with errors and unreadable', async ({ page }) => {
  const fresh = await freshCustomer('axe');
  await signInTo(page, fresh, '/order-history/');
  await hydrated(page);
  await expect(page.getByText(/^0 orders placed in/)).toBeVisible();
  await expectAccessible(page, 'order history, empty');

  await page.goto('/account-settings/');
  await hydrated(page);
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByText('Change').click();
  await password.getByRole('button', { name: 'Apply' }).click();
  await expect(password.getByText('This field is required')).toHaveCount(3);
  await expectAccessible(page, 'account settings with errors');

  // A pattern of this test's own, equal in meaning to the plain one, so clearing it spares others'.
  const userPath = '^/a/(?:user)/?$';
  await fault({
    method: 'GET',
    path: userPath,
    headers: await asThisCustomer(page.context()),
    status: 500,
    times: 100,
  });
  await errorStateThenRetry(
    page,
    () => page.goto('/account-settings/'),
    "can't get user info",
    userPath,
    'account settings that could not be read',
  );
  await expect(password).toBeVisible();

  // The customer form is for a basket on its way to checkout.
  await basketFor(page, '2043');
  await page.goto('/customer-form/');
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  await expectAccessible(page, 'customer form of a signed-in customer, prefilled');
});

test('order history passes axe loaded, with the cancellation form open and with its note missing', async ({ page }) => {
  await signInTo(page, ACAI, '/order-history/');
  // Orders are listed folded; cancel is a fold of its own inside an order's details.
  const cancellable = page
    .getByRole('article')
    .filter({ has: page.locator('.order__cancel-fold') })
    .first();
  await cancellable.locator('.order__summary').click();
  const cancel = cancellable.locator('.order__cancel-fold > summary');
  await expect(cancel).toBeVisible();
  await expectAccessible(page, 'order history, loaded');
  await cancel.click();
  await expect(cancellable.getByRole('radio', { name: 'Ordered by mistake' })).toBeChecked();
  await expectAccessible(page, 'order history, cancellation form open');
  await cancellable.getByRole('radio', { name: 'Other reason' }).check();
  await cancellable.getByRole('button', { name: 'Request cancellation' }).click();
  await expect(cancellable.getByText('Please tell us why you want to cancel this order.')).toBeVisible();
  await expectAccessible(page, 'order history, cancellation note missing');
});

test('the developer page and its gallery pass axe with a notification', async ({ page }) => {
  await page.goto('/dev/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Show Warning sample notification' }).click();
  await expect(page.getByText('Warning sample', { exact: true })).toBeVisible();
  await expectAccessible(page, 'dev page with a notification');
});

test('the developer page passes axe with a modal open', async ({ page }) => {
  await page.goto('/dev/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Open a modal' }).click();
  await expect(page.getByRole('dialog', { name: 'Sample modal' })).toBeVisible();
  await expectAccessible(page, 'dev page with a modal');
});

test('a guest checks out by keyboard alone, from an add-to-cart link to the paid order', async ({ page, context }) => {
  await page.goto('/?add-to-cart=2043,2');
  await hydrated(page);
  const email = `keys-${(await basketOf(context)).slice(0, 10)}@example.com`;

  await tabTo(page, page.getByRole('link', { name: 'Checkout' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signin\/$/);
  await tabTo(page, page.getByRole('button', { name: 'Continue as guest' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);
  await hydrated(page);

  await typeInto(page, page.getByRole('textbox', { name: 'First name' }), 'Dana');
  await typeInto(page, page.getByRole('textbox', { name: 'Last name' }), 'Reyes');
  await typeInto(page, page.getByRole('textbox', { name: 'Address', exact: true }), '100 Main St');
  await typeInto(page, page.getByRole('textbox', { name: 'City' }), 'Springfield');
  const state = page.getByRole('combobox', { name: 'State' });
  await tabTo(page, state);
  // A closed select picks the option whose text starts with what is typed.
  await page.keyboard.type('Illinois');
  await expect(state).toHaveValue('IL');
  await typeInto(page, page.getByRole('textbox', { name: 'ZIP code' }), '62701');
  await typeInto(page, page.getByRole('textbox', { name: 'Phone' }), '2175550100');
  await typeInto(page, page.getByRole('textbox', { name: 'E-mail' }), email);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/review-order\/$/);
  await shippingSettled(page);
  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  if (!(await card.isChecked())) {
    await tabTo(page, card);
    await page.keyboard.press('Space');
  }
  await expect(card).toBeChecked();
  // The field groups the number the way the card prints it.
  await typeInto(page, page.getByRole('textbox', { name: 'Card number' }), APPROVED_CARD, '4111 1111 1111 1111');
  await typeInto(page, page.getByRole('textbox', { name: 'Security code (CVV)' }), '123');
  const year = page.getByRole('combobox', { name: 'Expiry year' });
  await tabTo(page, year);
  await page.keyboard.type(String(new Date().getFullYear() + 1));
  await expect(year).toHaveValue(String(new Date().getFullYear() + 1));
  await tabTo(page, placeOrderButton(page));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page, 'payment success');
});

test('notifications are announced by a live region and errors as alerts', async ({ page }) => {
  await page.goto('/?add-to-cart=999999999');
  const notification = page.locator('.notification').first();
  await expect(notification).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ has: notification })).toHaveCount(1);
  await expect(notification.getByRole('alert')).toHaveCount(
    (await notification.getAttribute('data-type')) === 'error' ? 1 : 0,
  );
  // The close button is the keyboard path to dismiss it.
  await tabTo(page, notification.getByRole('button', { name: 'Dismiss notification' }));
  await page.keyboard.press('Enter');
  await expect(notification).toHaveCount(0);
});

test('a visitor who asks for reduced motion sees no animation', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${E2E_SITES.marine}/dev/`);
  await hydrated(page);
  // Every animated widget draws from the shared styles; one of each is put on the page to read them.
  const animations = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.innerHTML = '<span class="thinking"><span></span><span></span><span></span></span>';
    document.body.append(probe);
    const running = [...document.querySelectorAll('*')]
      .map((element) => getComputedStyle(element))
      .filter((style) => style.animationName !== 'none' && parseFloat(style.animationDuration) > 0.01)
      .map((style) => style.animationName);
    const transitions = [...document.querySelectorAll('*')]
      .map((element) => getComputedStyle(element))
      .filter((style) => parseFloat(style.transitionDuration) > 0.01).length;
    return { running, transitions, scroll: getComputedStyle(document.documentElement).scrollBehavior };
  });
  expect(animations).toEqual({ running: [], transitions: 0, scroll: 'auto' });
  await context.close();
});

test('error states with their retry pass axe: cart, order history, order lookup and tracking', async ({ page }) => {
  const basketNum = await basketFor(page, '2043');
  const basketPath = `^/a/basket/${basketNum}/?$`;
  // Failing until cleared: the island's own checks after hydration must meet the same failure.
  await injectFault('GET', basketPath, 500, 100);
  await errorStateThenRetry(
    page,
    () => page.reload(),
    'We couldn’t load your cart.',
    basketPath,
    'cart that could not be read',
  );
  await expect(page.getByRole('spinbutton').first()).toBeVisible();

  const fresh = await freshCustomer('axe-error');
  await injectFault('GET', '^/v2/orders/history/?$', 500);
  await signInTo(page, fresh, '/order-history/');
  const historyError = page.getByRole('alert').filter({ hasText: 'Something went wrong on our server' });
  await expect(historyError).toBeVisible();
  await expectAccessible(page, 'order history that could not be read');
  await historyError.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByText(/^0 orders placed in/)).toBeVisible();

  await injectFault('GET', '^/v2/orders/history/guest/?$', 500);
  await page.goto('/order-info/?email=guest%40example.com&order_no=601301');
  const lookupError = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  await expect(lookupError).toBeVisible();
  await hydrated(page);
  await expectAccessible(page, 'order lookup that failed');
  await lookupError.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('601301').first()).toBeVisible();

  const failing = `AXEFAIL${Date.now()}`;
  await injectFault('GET', `^/a/tracking/${failing}$`, 503);
  await page.goto(`/public/tracking/?trackingNumber=${failing}`);
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page, 'tracking that failed');
});

test('every keyboard stop shows a focus ring', async ({ page }) => {
  const pages = [
    '/bulk-add-items/',
    '/order-info/',
    '/login/',
    '/signin/',
    '/public/rate-merchant/?orderno=NjAwMTA4.sQgNKQrizcc4KagI',
    '/es/return-policy/',
  ];
  await basketFor(page, '2043,2');
  for (const path of ['/', ...pages]) {
    await page.goto(path);
    await hydrated(page);
    expect(await stopsWithoutRing(page), path).toEqual([]);
  }
});
