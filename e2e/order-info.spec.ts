import { expect, test } from './support/test';
import { watchCsp } from './support/csp';

test('the lookup form validates as the shopper types and keeps what it is given out of the address', async ({
  page,
}) => {
  const violations = watchCsp(page);
  await page.goto('/order-info/');
  const button = page.getByRole('button', { name: 'Find order' });
  await expect(button).toBeDisabled();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('ana@example.com');
  await page.getByRole('textbox', { name: 'Order number' }).fill('12a');
  await page.getByRole('textbox', { name: 'Order number' }).blur();
  await expect(page.getByText('Must be numeric value')).toBeVisible();
  await expect(button).toBeDisabled();
  await page.getByRole('textbox', { name: 'Order number' }).fill('1234');
  await expect(button).toBeEnabled();
  await page.getByRole('radio', { name: 'Invoice number' }).check();
  await expect(page.getByRole('textbox', { name: 'Invoice number' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Order number' })).toBeHidden();
  await expect(page).toHaveURL(/\/order-info\/$/);
  expect(violations).toEqual([]);
});

test('a script-like e-mail in the query is shown as text and never run', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await page.goto('/order-info/?email=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&order_no=1');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('<img src=x onerror=alert(1)>');
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(page.getByText('Incorrect email address')).toBeVisible();
  expect(dialogs).toBe(0);
});

test('a link that names a lookup still opens it; an unknown order points to order history, and the e-mail leaves the address', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') || request.url().includes('/_actions/')) calls.push(request.url());
  });
  await page.goto('/order-info/?email=nobody%40example.com&order_no=999999');
  await expect(page.getByText('Order not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order history' })).toHaveAttribute('href', '/order-history/');
  await expect(page).toHaveURL(/\/order-info\/$/);
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('nobody@example.com');
  // Looked up once, by the page: its script asks nothing again.
  expect(calls.filter((url) => url.includes('orders'))).toEqual([]);
});
