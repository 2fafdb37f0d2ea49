import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER } from './support/checkout';
import { hydrated } from './support/islands';
import { E2E_SITES } from './support/sites';

// Paths that depend on how the site is reached. They run with the other journeys over plain http,
// and through nginx terminating TLS in front of two production instances in scripts/scale-test.mjs
// (E2E_SCHEME=https), where the scheme comes from X-Forwarded-Proto and the origin from SITE_URL
// as read at start.

test('canonical and hreflang links carry the public origin the server was started with', async ({ page }) => {
  await page.goto('/fr/return-policy/');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${E2E_SITES.marine}/fr/return-policy/`);
  await expect(page.locator('link[rel=alternate][hreflang="en-US"]')).toHaveAttribute(
    'href',
    `${E2E_SITES.marine}/return-policy/`,
  );
  await expect(page.locator('link[rel=alternate][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${E2E_SITES.marine}/return-policy/`,
  );
});

test('a customer logs in and out without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseURL ?? '',
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Account menu')).toBeVisible();
  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/\?logOut=true/);
  await expect(page.getByText('Account menu')).toHaveCount(0);
  await context.close();
});

function quantityOf(page: Page, name: RegExp) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .getByRole('spinbutton');
}

test('a cart edit through the proxy is kept', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,1');
  await hydrated(page);
  const input = quantityOf(page, /Water Pump Impeller/);
  await expect(input).toBeEnabled();
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/a/item/2043/4') && response.request().method() === 'PATCH',
  );
  await input.fill('4');
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(quantityOf(page, /Water Pump Impeller/)).toHaveValue('4');
});
