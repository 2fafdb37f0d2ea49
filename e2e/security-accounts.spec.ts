import { expect, test } from './support/test';
import { freshCustomer, signInTo } from './support/checkout';
import { hydrated } from './support/islands';
import { E2E_SITES } from './support/sites';
import { expiredToken, fillShippingAddress, payAndConfirm } from './support/shopper';

// Who may see and change an account: orders belong to the account that placed them, and a
// credential change needs the current password and ends the account's other sessions.

const site = E2E_SITES.marine;

test('a guest ordering under a customer’s e-mail does not put the order in that customer’s history', async ({
  page,
  browser,
}) => {
  const customer = await freshCustomer('history-owner');
  await page.goto(`${site}/?add-to-cart=2043,1`);
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).first().click();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);
  await fillShippingAddress(page, { firstName: 'Mallory', lastName: 'Stranger', email: customer.email });
  await page.getByRole('button', { name: 'Continue' }).click();
  const orderNumber = await payAndConfirm(page, site);

  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInTo(ownerPage, customer, '/order-history/', site);
  await hydrated(ownerPage);
  await expect(ownerPage.getByText('You have no orders in this period.')).toBeVisible();
  await expect(ownerPage.getByText(orderNumber)).toHaveCount(0);
  await owner.close();
});

test('changing the e-mail asks for the current password and signs the other browser out', async ({ page, browser }) => {
  const account = await freshCustomer('two-browsers');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInTo(otherPage, account, '/account-settings/', site);
  await signInTo(page, account, '/account-settings/', site);

  const panel = page.getByRole('region', { name: 'E-mail' });
  await panel.getByText('Change').click();
  const next = account.email.replace('two-browsers-', 'moved-');
  await panel.getByRole('textbox', { name: 'New e-mail' }).fill(next);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText('This field is required')).toBeVisible();
  await panel.getByLabel('Current password').fill('Not-my-password1');
  await panel.getByRole('button', { name: 'Apply' }).click();
  // The refusal is said at the password field itself.
  await expect(panel.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Current password')).toHaveAccessibleDescription(
    'That is not your current password. Check it and try again; if you have forgotten it, sign out and choose “Forgot your password?”.',
  );
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('status')).toContainText('Saved');
  await expect(panel.getByText(next)).toBeVisible();

  // This browser keeps its session through a refresh of its access token...
  await page
    .context()
    .addCookies([{ name: 'ps_access', value: expiredToken(), url: site, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(`${site}/account-settings/`);
  await expect(page.getByRole('region', { name: 'E-mail' }).getByText(next)).toBeVisible();
  // ...the other one is signed out as soon as it has to refresh.
  await other.addCookies([{ name: 'ps_access', value: expiredToken(), url: site, httpOnly: true, sameSite: 'Strict' }]);
  await otherPage.goto(`${site}/account-settings/`);
  // Sent to log in (the login page's header offers no Log in link of its own).
  await expect(otherPage).toHaveURL(/\/login\//);
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  await expect(otherPage.getByText('Account menu')).toHaveCount(0);
  await other.close();
});
