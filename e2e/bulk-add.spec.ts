import { expect, test } from '@playwright/test';

test('a pasted list finds parts, lists unreadable lines and adds all with their quantities', async ({ page }) => {
  await page.goto('/bulk-add-items/');
  const find = page.getByRole('button', { name: 'Find products' });
  await expect(find).toBeDisabled();
  await page.getByLabel('Part numbers').fill('0437512 2\n\n0777213, 1\n0437512 1\nNOPE-123\nthis is not a part\n0777213 -3');
  await find.click();
  await expect(page.getByRole('status').filter({ hasText: 'found 2 of 3' })).toBeVisible();
  await expect(page.getByRole('alert').getByText('this is not a part', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'not found' })).toBeVisible();
  await expect(page.getByLabel('Quantity').first()).toHaveValue('3');
  await page.getByRole('button', { name: 'Add all to cart' }).first().click();
  await expect(page.getByText('Added to cart')).toHaveCount(2);
  await expect(page.getByText(/3 × Water Pump Repair Kit/)).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('item-count')).toHaveText('4');
});
