import { expect, test } from './support/test';
import { basketFor, freshCustomer, signInTo } from './support/checkout';
import { expectNoRawKeys, rawKeysIn } from './support/raw-keys';

// Every main page, in English and in one other language, shows phrases and never a message key.
// Small tests, so none runs long on a busy machine.

test('a key is recognised in text, an address or a number is not', () => {
  expect(rawKeysIn('Your cart cart.empty here; orders.status.unknown.')).toEqual([
    'cart.empty',
    'orders.status.unknown',
  ]);
  expect(rawKeysIn('customer@example.com, example.com, 1374449, 2.5 kg, v1.2, Cart.')).toEqual([]);
});

for (const locale of ['en', 'es'] as const) {
  const prefix = locale === 'en' ? '' : `/${locale}`;

  test(`public pages show no message key (${locale})`, async ({ page }) => {
    for (const path of [
      '/return-policy/',
      '/public/tracking/',
      '/public/tracking/?trackingNumber=NO-SUCH-NUMBER',
      '/no-such-page/',
    ]) {
      await page.goto(`${prefix}${path}`);
      await expectNoRawKeys(page);
    }
  });

  test(`sign-in pages show no message key (${locale})`, async ({ page }) => {
    for (const path of ['/login/', '/signin/', '/recover-password/', '/order-info/']) {
      await page.goto(`${prefix}${path}`);
      await expectNoRawKeys(page);
    }
  });

  test(`cart and bulk add show no message key (${locale})`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await expectNoRawKeys(page);
    await basketFor(page, '1374449,1');
    await page.goto(`${prefix}/`);
    await expect(page.getByRole('spinbutton').first()).toBeVisible();
    await expectNoRawKeys(page);
    await page.goto(`${prefix}/bulk-add-items/`);
    await expectNoRawKeys(page);
  });

  test(`a customer's pages show no message key (${locale})`, async ({ page }) => {
    const customer = await freshCustomer(`raw-keys-${locale}`);
    await basketFor(page, '1374449,1');
    await signInTo(page, customer, '/review-order/');
    await page.goto(`${prefix}/review-order/`);
    await expect(page.locator('form.review')).toHaveAttribute('aria-busy', 'false');
    await expectNoRawKeys(page);
    for (const path of ['/customer-form/', '/order-history/', '/account-settings/']) {
      await page.goto(`${prefix}${path}`);
      await expectNoRawKeys(page);
    }
  });
}
