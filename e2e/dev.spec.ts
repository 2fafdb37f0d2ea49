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

test('the gallery shows every primitive of the global styles in its states', async ({ page }) => {
  await page.goto('/dev/');
  const gallery = page.getByRole('region', { name: 'Design primitives' });
  await expect(gallery).toBeVisible();
  const primitive = (name: string) => gallery.locator(`[data-primitive="${name}"]`);

  const buttons = primitive('buttons');
  for (const selector of [
    '.button:not(.button--secondary, .button--quiet)',
    '.button--secondary',
    '.button--quiet',
    '.button--block',
    '.button--large',
  ]) {
    await expect(buttons.locator(selector).first()).toBeVisible();
  }
  await expect(buttons.locator('.button:disabled')).toHaveCount(2);
  const block = await buttons.locator('.button--block').boundingBox();
  const row = await buttons.locator('.dev__row').boundingBox();
  expect(block?.width, 'a block button spans its column').toBeCloseTo(row?.width ?? 0, 0);

  const fields = primitive('fields');
  await expect(fields.getByRole('textbox', { name: 'Empty field' })).toHaveValue('');
  await expect(fields.getByRole('textbox', { name: 'Filled field' })).not.toHaveValue('');
  await expect(fields.getByRole('textbox', { name: 'Field with a hint' })).toHaveAccessibleDescription(
    'We only use it to send your receipt.',
  );
  const invalid = fields.getByRole('textbox', { name: 'Invalid field' });
  await expect(invalid).toHaveAttribute('aria-invalid', 'true');
  await expect(invalid).toHaveAccessibleDescription(/This field is required$/);
  const border = (name: string) =>
    fields.getByRole('textbox', { name }).evaluate((element) => getComputedStyle(element).borderTopColor);
  expect(await border('Invalid field'), 'an invalid field has a border of its own').not.toBe(
    await border('Empty field'),
  );
  await expect(fields.getByRole('combobox', { name: 'Select' })).toBeVisible();
  await expect(fields.getByRole('textbox', { name: 'Text area' })).toBeVisible();
  await expect(fields.getByRole('checkbox', { name: 'Checkbox' })).toBeVisible();
  await expect(fields.getByRole('group', { name: 'Radio buttons' }).getByRole('radio')).toHaveCount(2);

  const cards = primitive('radio-cards').locator('.radio-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByRole('radio')).toBeChecked();
  await expect(cards.nth(1).getByRole('radio')).not.toBeChecked();
  await expect(cards.nth(2).getByRole('radio')).toBeDisabled();
  for (const part of ['__title', '__detail', '__aside'])
    await expect(cards.nth(1).locator(`.radio-card${part}`)).toBeVisible();
  const cardBorder = (index: number) =>
    cards.nth(index).evaluate((element) => getComputedStyle(element).borderTopColor);
  expect(await cardBorder(0), 'the checked card stands out').not.toBe(await cardBorder(1));

  for (const group of ['', 'info', 'success', 'warning', 'error']) {
    const selector = group ? `.badge--${group}` : '.badge:not([class*="badge--"])';
    await expect(primitive('badges').locator(selector)).toHaveCount(1);
  }
  for (const kind of ['info', 'success', 'warning', 'error']) {
    await expect(primitive('notices').locator(`.notice--${kind}`)).toBeVisible();
  }
  await expect(primitive('card').locator('.card')).toBeVisible();
  await expect(primitive('skeleton').locator('.skeleton')).toHaveCount(2);

  const steps = primitive('steps').locator('.steps');
  await expect(steps).toHaveCount(3);
  for (const [index, name] of ['Cart', 'Details', 'Review & pay'].entries()) {
    await expect(steps.nth(index).locator('[aria-current="step"]')).toHaveText(new RegExp(`${name}$`));
  }

  await expect(primitive('sticky-bar').locator('.sticky-bar .sticky-bar__total')).toBeVisible();
  await expect(primitive('sticky-bar').locator('.sticky-bar .button')).toBeVisible();
  await expect(primitive('table').locator('table.table--stack td[data-label]')).toHaveCount(6);

  const price = primitive('price-block').locator('.price-block');
  await expect(price.locator('.price-block__now')).toBeVisible();
  await expect(price.locator('.price-block__saving')).toBeVisible();
  expect(
    await price.locator('.price-block__was').evaluate((element) => getComputedStyle(element).textDecorationLine),
  ).toContain('line-through');
  await expect(primitive('price-block').locator('.secure-line')).toBeVisible();
});

test('the gallery stacks its table into cards on a 390px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dev/');
  const table = page.locator('[data-primitive="table"] table');
  await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
  await expect(table.locator('tr').last()).toHaveCSS('display', 'block');
});
