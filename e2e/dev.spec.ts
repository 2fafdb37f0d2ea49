import { expect, test } from './support/test';
import { E2E_SITES } from './support/sites';
import { hydrated } from './support/islands';

test('/dev/ answers 404 on the production site', async ({ request }) => {
  const response = await request.get(`${E2E_SITES.production}/dev/`);
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).not.toContain('Developer tools');
  expect(html).not.toMatch(/<script/i);
});

test('/dev/ offers the tools in an e2e build', async ({ page }) => {
  const response = await page.goto('/dev/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer tools' })).toBeVisible();
  for (const name of ['Basket tools', 'Sign-in tools', 'Create a subscriber', 'Interface samples', 'End-to-end mode']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Log in as customer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in as acai' })).toBeVisible();
});

test('the subscriber form needs the e-mail and matching passwords', async ({ page }) => {
  await page.goto('/dev/');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('someone@example.com');
  await page.getByLabel('Password', { exact: false }).first().fill('Secret123!');
  await page.getByLabel('Confirm password').fill('Other123!');
  await page.getByRole('button', { name: 'Create subscriber' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('someone@example.com');
});

test('the end-to-end toggle is remembered', async ({ page }) => {
  await page.goto('/dev/');
  await expect(page.getByText('End-to-end mode is off.')).toBeVisible();
  await page.getByRole('button', { name: 'Toggle end-to-end mode' }).click();
  await expect(page.getByText('End-to-end mode is on.')).toBeVisible();
  await page.getByRole('button', { name: 'Toggle end-to-end mode' }).click();
  await expect(page.getByText('End-to-end mode is off.')).toBeVisible();
});

test('the interface samples show each notification type and a modal', async ({ page }) => {
  await page.goto('/dev/');
  // Astro drops the ssr attribute once an island has hydrated.
  await hydrated(page);
  await page.getByRole('button', { name: 'Show Warning sample notification' }).click();
  await expect(page.getByText('Warning sample', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Open a modal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sample modal' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the basket tools create a basket with the sample products and destroy it', async ({ page, context }) => {
  await page.goto('/dev/');
  await page.getByRole('button', { name: 'Create a basket with sample products' }).click();
  await expect(page.getByText(/^Basket \S+ created with the sample products\./)).toBeVisible();
  const basket = (await context.cookies()).find((cookie) => cookie.name === 'BASKETN')?.value ?? '';
  expect(basket).not.toBe('');
  await expect(page.getByText(`Current basket: ${basket}`)).toBeVisible();
  await page.getByRole('button', { name: 'Destroy the basket' }).click();
  await expect(page.getByText('The basket was destroyed.')).toBeVisible();
  await expect(page.getByText('No basket in this browser.')).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'BASKETN')).toBeUndefined();
});

test('the sign-in tools log in as a demo account and expire its token', async ({ page }) => {
  await page.goto('/order-history/');
  await expect(page).toHaveURL(/\/login\/\?redirect=%2Forder-history%2F/);
  await page.goto('/dev/');
  await page.getByRole('button', { name: 'Log in as acai' }).click();
  await expect(page.getByText('Signed in with the acai demo account.')).toBeVisible();
  const response = await page.goto('/order-history/');
  expect(new URL(page.url()).pathname).toBe('/order-history/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  await page.goto('/dev/');
  await page.getByRole('button', { name: 'Expire the access token' }).click();
  await expect(page.getByText('The access token is now refused; the next call refreshes it.')).toBeVisible();
});

test('the cycle store builds its sample basket from cycle parts, and the cart shows all three', async ({ page }) => {
  await page.goto(`${E2E_SITES.cycle}/dev/`);
  await page.getByRole('button', { name: 'Create a basket with sample products' }).click();
  await expect(page.getByText(/^Basket \S+ created with the sample products\./)).toBeVisible();
  await page.goto(`${E2E_SITES.cycle}/`);
  await expect(page.getByTestId('item-count')).toHaveText('3');
});
