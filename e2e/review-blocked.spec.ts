import { expect, test } from './support/test';
import { E2E_SITES } from './support/sites';

test('with purchases blocked the review page shows only the migration message', async ({ page }) => {
  await page.goto(`${E2E_SITES.blocked}/login/`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('customer@example.com');
  await page.getByLabel('Password').fill('Customer123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${E2E_SITES.blocked}/review-order/`);
  await expect(page).toHaveURL(/\/review-order\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'go to the new shop checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expect(page.locator('astro-island')).toHaveCount(0);
});

test('the review page sends an anonymous visitor to sign in', async ({ page }) => {
  await page.goto('/review-order/');
  await expect(page).toHaveURL(/\/signin\//);
});
