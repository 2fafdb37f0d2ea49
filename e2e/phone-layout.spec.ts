import { expect, test, type Page } from './support/test';
import { CUSTOMER, signInTo } from './support/checkout';
import { hydrated } from './support/islands';

// Shoppers mostly arrive on phones: no page may be wider than a small phone's screen.
test.use({ viewport: { width: 360, height: 760 } });

async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width}px wide`).toBeLessThanOrEqual(360);
}

test('public pages, cart, bulk add, the customer form and order lookup fit a 360px screen', async ({ page }) => {
  await page.goto('/?add-to-cart=1374449,2;2043,1');
  for (const path of [
    '/',
    '/bulk-add-items/',
    '/customer-form/?guest=true',
    '/es/customer-form/?guest=true&billing=1',
    '/order-info/',
    '/fr/return-policy/',
    '/public/tracking/?trackingNumber=EZ2000000002',
    '/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB',
    '/no-such-page/',
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test('order history with its item tables fits a 360px screen', async ({ page }) => {
  await signInTo(page, CUSTOMER, '/order-history/');
  await expectNoSidewaysScroll(page, '/pt/order-history/');
  // Orders are listed folded: an opened one shows its item table, which must fit too.
  await page.locator('.orders__list summary').first().click();
  await expect(page.locator('.order__items').first()).toBeVisible();
  await expectNoSidewaysScroll(page, '/pt/order-history/ with an order open');
});
