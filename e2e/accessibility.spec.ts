import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { ACAI, CUSTOMER, basketFor, freshCustomer, injectFault, signInToReview, shippingSettled } from './support/checkout';
import { E2E_SITES } from './support/sites';

/**
 * Every route in each state a shopper can meet: loaded, empty, error and forms showing errors.
 * A route is one row of a table, so a new page is one more line. The keyboard-only checkout, live
 * regions and reduced motion follow.
 */

const LOCALES = ['', '/es', '/fr', '/pt'] as const;

/** Pages an anonymous visitor reaches, checked in every language. */
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

async function hydrated(page: Page): Promise<void> {
  // Astro drops the ssr attribute once an island has hydrated.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

for (const locale of LOCALES) {
  test(`anonymous pages pass axe in ${locale || '/en'}`, async ({ page }) => {
    for (const path of ANONYMOUS_PAGES) {
      await page.goto(`${locale}${path}`);
      await hydrated(page);
      await expectAccessible(page, `${locale}${path}`);
    }
  });
}

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

test('forms showing their errors pass axe', async ({ page }) => {
  await page.goto('/login/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectAccessible(page, 'login with errors');

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

  await basketFor(page, '1374449');
  await page.goto('/signin/');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);
  await hydrated(page);
  await expectAccessible(page, 'empty customer form');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'errors in form' })).toBeFocused();
  await expectAccessible(page, 'customer form with errors');

  await page.goto('/bulk-add-items/');
  await hydrated(page);
  await page.getByRole('textbox').first().fill('1374449\nNOT-A-PART-123');
  await page.getByRole('button', { name: /^Find/ }).first().click();
  await expect(page.getByText('1374449').first()).toBeVisible();
  await expectAccessible(page, 'bulk add with results');
});

test('review order passes axe loaded and with its shipping error', async ({ page }) => {
  const basketNum = await basketFor(page, '15732,2');
  await injectFault('POST', `^/a/user/shipping/${basketNum}/?$`, 500);
  await signInToReview(page, CUSTOMER);
  const error = page.getByRole('alert').filter({ hasText: 'There was an error retrieving shipping options for your location.' });
  await expect(error).toBeVisible();
  await expectAccessible(page, 'review order, shipping error');
  await error.getByRole('button', { name: 'Retry' }).click();
  await shippingSettled(page);
  await expectAccessible(page, 'review order loaded');
  await page.goto(`${E2E_SITES.blocked}/review-order/`);
  await expectAccessible(page, 'review order with purchases blocked');
});

test('order history and account settings pass axe loaded, empty, with a dialog and with errors', async ({ page }) => {
  const fresh = await freshCustomer('axe');
  await page.goto('/login/?redirect=%2Forder-history%2F');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(fresh.email);
  await page.getByLabel('Password', { exact: true }).fill(fresh.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/order-history\/$/);
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

  await page.context().clearCookies();
  await page.goto('/login/?redirect=%2Forder-history%2F');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ACAI.email);
  await page.getByLabel('Password', { exact: true }).fill(ACAI.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/order-history\/$/);
  await hydrated(page);
  const cancel = page.getByRole('button', { name: /^Cancel order/ }).first();
  await expect(cancel).toBeVisible();
  await expectAccessible(page, 'order history, loaded');
  await cancel.click();
  await expect(page.getByRole('radio', { name: 'Ordered by mistake' })).toBeChecked();
  await expectAccessible(page, 'order history, cancellation form open');
});

test('the developer page and its widgets pass axe', async ({ page }) => {
  await page.goto('/dev/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Show Warning sample notification' }).click();
  await expect(page.getByText('Warning sample', { exact: true })).toBeVisible();
  await expectAccessible(page, 'dev page with a notification');
  await page.getByRole('button', { name: 'Open a modal' }).click();
  await expect(page.getByRole('dialog', { name: 'Sample modal' })).toBeVisible();
  await expectAccessible(page, 'dev page with a modal');
});
