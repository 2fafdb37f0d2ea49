import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { signInTo } from './support/checkout';
import { hydrated } from './support/islands';
import { E2E_API_URL } from './support/sites';
import { asThisCustomer, fault } from './support/faults';
import { expiredToken } from './support/shopper';

const TAKEN = 'customer@example.com';
const WRONG_CURRENT =
  'That is not your current password. Check it and try again; if you have forgotten it, sign out and choose “Forgot your password?”.';

/** A customer of this test alone, so changing its e-mail and password disturbs no other test. */
async function createCustomer(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = `account-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = 'Start1234!';
  const address = {
    firstName: 'Ada',
    lastName: 'Test',
    company: '',
    address1: '100 Main St',
    address2: '',
    city: 'Boise',
    state: 'ID',
    zip: '83702',
    country: 'US',
    phone: '2085550100',
  };
  const created = await request.post(`${E2E_API_URL}v2/customers`, {
    data: {
      email,
      username: email,
      password,
      passwordConfirm: password,
      subscription: 0,
      billToShip: true,
      shippingData: address,
      billingData: address,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { email, password };
}

function logIn(page: Page, account: { email: string; password: string }) {
  return signInTo(page, account, '/account-settings/');
}

/** The store's refusal is said at the field it refuses, read with it, and not above the form. */
async function expectRefusedAt(panel: Locator, field: Locator, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(text);
  await expect(panel.getByRole('alert')).toHaveCount(0);
}

/** Apply and Cancel side by side, after the last field: Cancel is where the form ends, not above it. */
async function expectActionsAfter(panel: Locator, lastField: Locator) {
  const apply = await panel.getByRole('button', { name: 'Apply' }).boundingBox();
  const cancel = await panel.getByRole('link', { name: 'Cancel' }).boundingBox();
  const field = await lastField.boundingBox();
  expect(apply && cancel && field).toBeTruthy();
  if (!apply || !cancel || !field) return;
  expect(cancel.y).toBeGreaterThan(field.y + field.height);
  expect(Math.abs(cancel.y + cancel.height / 2 - (apply.y + apply.height / 2))).toBeLessThan(2);
  expect(cancel.x).toBeGreaterThan(apply.x + apply.width);
  await expect(panel.getByText('Change', { exact: true })).toBeHidden();
}

test('e-mail change: a wrong password and a taken address are named at their fields, a free one shows the tick', async ({
  page,
  request,
}) => {
  const account = await createCustomer(request);
  await logIn(page, account);
  // Focus moves with the island's own handling: it is awake before the first click.
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'E-mail' });
  await expect(panel.getByText(account.email)).toBeVisible();
  await panel.getByText('Change').click();
  const input = panel.getByRole('textbox', { name: 'New e-mail' });
  await input.fill('not an e-mail');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText('Incorrect email address')).toBeVisible();
  const password = panel.getByLabel('Current password');
  await expectActionsAfter(panel, password);
  const next = account.email.replace('account-', 'moved-');
  await input.fill(next);
  await password.fill('Not-my-password1');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expectRefusedAt(panel, password, WRONG_CURRENT);
  await expect(password).toBeFocused();
  await password.fill(account.password);
  await input.fill(`  ${TAKEN} `);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expectRefusedAt(panel, input, 'An account already exists with this email address');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await input.fill(next);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('status')).toContainText('Saved');
  await expect(panel.getByText(next)).toBeVisible();
  await expect(input).toBeHidden();
  await expect(panel.getByRole('status')).toBeHidden({ timeout: 6000 });
});

test('a panel opened before the page wakes up still closes once its change is saved', async ({ page, request }) => {
  const account = await createCustomer(request);
  await logIn(page, account);
  // The islands' code is held back until the panel is open, as on a slow phone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // The support launcher's held script holds the document's load back: the page is used as it arrives.
  await page.reload({ waitUntil: 'commit' });
  const panel = page.getByRole('region', { name: 'E-mail' });
  await panel.getByText('Change').click();
  const input = panel.getByRole('textbox', { name: 'New e-mail' });
  await expect(input).toBeVisible();
  release();
  await hydrated(page);
  await expect(input).toBeVisible();
  const next = account.email.replace('account-', 'early-');
  await input.fill(next);
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText(next)).toBeVisible();
  await expect(input).toBeHidden();
});

test('password change: a wrong current password is named at its field in our words, Cancel closes the form, a right one shows the tick', async ({
  page,
  request,
}) => {
  const account = await createCustomer(request);
  await logIn(page, account);
  // Focus moves with the island's own handling: it is awake before the first click.
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Password' });
  await panel.getByText('Change').click();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText('This field is required')).toHaveCount(3);
  await panel.getByLabel('Current password').fill('Wrong1234!');
  await panel.getByLabel('New password', { exact: true }).fill('Next12345!');
  await panel.getByLabel('Confirm new password').fill('Different1!');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText("Passwords don't match")).toBeVisible();
  await panel.getByLabel('Confirm new password').fill('Next12345!');
  await expectActionsAfter(panel, panel.getByLabel('Confirm new password'));
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expectRefusedAt(panel, panel.getByLabel('Current password'), WRONG_CURRENT);
  await expect(panel.getByLabel('Current password')).toBeFocused();

  // Cancel closes the form and puts the panel back as it was.
  await panel.getByRole('link', { name: 'Cancel' }).click();
  await expect(panel.getByLabel('Current password')).toBeHidden();
  await expect(panel.getByText('Change', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await panel.getByText('Change', { exact: true }).click();
  await expect(panel.getByLabel('Current password')).toHaveValue('');
  await expect(panel.getByLabel('Current password')).not.toHaveAttribute('aria-invalid', 'true');
  await panel.getByLabel('New password', { exact: true }).fill('Next12345!');
  await panel.getByLabel('Confirm new password').fill('Next12345!');
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('status')).toContainText('Saved');
  await expect(panel.getByLabel('Current password')).toBeHidden();

  // The new password is the one that works now.
  await page.context().clearCookies();
  await logIn(page, { email: account.email, password: 'Next12345!' });
});

test('account settings work without JavaScript', async ({ browser, request, baseURL }) => {
  const account = await createCustomer(request);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await logIn(page, account);

  // The password panel: a wrong current password comes back at its field; Cancel is the page again.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByText('Change').click();
  await expectActionsAfter(password, password.getByLabel('Confirm new password'));
  await password.getByLabel('Current password').fill('Wrong1234!');
  await password.getByLabel('New password', { exact: true }).fill('Next12345!');
  await password.getByLabel('Confirm new password').fill('Next12345!');
  await password.getByRole('button', { name: 'Apply' }).click();
  await expectRefusedAt(password, password.getByLabel('Current password'), WRONG_CURRENT);
  await expectActionsAfter(password, password.getByLabel('Confirm new password'));
  await password.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await expect(password.getByLabel('Current password')).toBeHidden();
  await expect(password.getByText('Change', { exact: true })).toBeVisible();

  const panel = page.getByRole('region', { name: 'E-mail' });
  await panel.getByText('Change').click();
  await panel.getByRole('textbox', { name: 'New e-mail' }).fill(TAKEN);
  await panel.getByLabel('Current password').fill('Not-my-password1');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expectRefusedAt(panel, panel.getByLabel('Current password'), WRONG_CURRENT);
  await expect(panel.getByRole('textbox', { name: 'New e-mail' })).toHaveValue(TAKEN);
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expectRefusedAt(
    panel,
    panel.getByRole('textbox', { name: 'New e-mail' }),
    'An account already exists with this email address',
  );
  const next = account.email.replace('account-', 'nojs-');
  await page.getByRole('region', { name: 'E-mail' }).getByRole('textbox', { name: 'New e-mail' }).fill(next);
  await page.getByRole('region', { name: 'E-mail' }).getByLabel('Current password').fill(account.password);
  await page.getByRole('region', { name: 'E-mail' }).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByRole('status')).toContainText('Saved');
  await expect(page.getByText(next)).toBeVisible();
  await context.close();
});

test('a customer whose access token expired or was refused changes e-mail and password: the action renews the session', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const account = await createCustomer(request);
  await logIn(page, account);
  await hydrated(page);
  const tokenCookie = async (name: string) => (await context.cookies()).find((entry) => entry.name === name)?.value;
  const setAccess = (value: string) =>
    context.addCookies([{ name: 'ps_access', value, url: baseURL ?? '', httpOnly: true, sameSite: 'Strict' }]);

  // A token the store refuses though the site cannot tell (no readable expiry): refused, renewed, retried.
  const before = await tokenCookie('ps_refresh');
  await setAccess('not-a-token');
  const next = account.email.replace('account-', 'renewed-');
  const email = page.getByRole('region', { name: 'E-mail' });
  await email.getByText('Change').click();
  await email.getByRole('textbox', { name: 'New e-mail' }).fill(next);
  await email.getByLabel('Current password').fill(account.password);
  await email.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByRole('status')).toContainText('Saved');
  const renewed = await tokenCookie('ps_refresh');
  expect(renewed).toBeTruthy();
  expect(renewed).not.toBe(before);
  expect(await tokenCookie('ps_access')).not.toBe('not-a-token');

  // A token whose expiry has passed: exchanged before the call.
  await setAccess(expiredToken());
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByText('Change').click();
  await password.getByLabel('Current password').fill(account.password);
  await password.getByLabel('New password', { exact: true }).fill('Renewed123!');
  await password.getByLabel('Confirm new password').fill('Renewed123!');
  await password.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('region', { name: 'Password' }).getByRole('status')).toContainText('Saved');
  expect(await tokenCookie('ps_refresh')).not.toBe(renewed);
  await expect(page).toHaveURL(/\/account-settings\/$/);

  // The changes were made: the new e-mail and password sign in.
  await page.context().clearCookies();
  await logIn(page, { email: next, password: 'Renewed123!' });
});

test('account settings read in Spanish', async ({ page, request }) => {
  const account = await createCustomer(request);
  await page.goto('/es/login/?redirect=/es/account-settings/');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/es\/account-settings\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración de la cuenta');
  await expect(page.getByText(account.email)).toBeVisible();
});

test('a too short new password shows the translated field message in every language, and nothing is sent', async ({
  page,
  request,
}) => {
  const account = await createCustomer(request);
  await logIn(page, account);
  const sent: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/a/user/password') || call.url().includes('/_actions/account.changePassword'))
      sent.push(call.method());
  });
  for (const [prefix, texts] of [
    [
      '',
      {
        title: 'Password',
        change: 'Change',
        old: 'Current password',
        next: 'New password',
        confirm: 'Confirm new password',
        apply: 'Apply',
        min5: 'Must be at least 5 characters',
      },
    ],
    [
      '/es',
      {
        title: 'Contraseña',
        change: 'Cambiar',
        old: 'Contraseña actual',
        next: 'Contraseña nueva',
        confirm: 'Confirmar contraseña nueva',
        apply: 'Aplicar',
        min5: 'Debe tener al menos 5 caracteres',
      },
    ],
    [
      '/fr',
      {
        title: 'Mot de passe',
        change: 'Modifier',
        old: 'Mot de passe actuel',
        next: 'Nouveau mot de passe',
        confirm: 'Confirmer le nouveau mot de passe',
        apply: 'Appliquer',
        min5: 'Doit contenir au moins 5 caractères',
      },
    ],
    [
      '/pt',
      {
        title: 'Senha',
        change: 'Alterar',
        old: 'Senha atual',
        next: 'Nova senha',
        confirm: 'Confirmar nova senha',
        apply: 'Aplicar',
        min5: 'Deve ter pelo menos 5 caracteres',
      },
    ],
  ] as const) {
    await page.goto(`${prefix}/account-settings/`);
    await hydrated(page);
    const panel = page.getByRole('region', { name: texts.title });
    await panel.getByText(texts.change).click();
    await panel.getByLabel(texts.old, { exact: true }).fill(account.password);
    await panel.getByLabel(texts.next, { exact: true }).fill('abcd');
    await panel.getByLabel(texts.confirm, { exact: true }).fill('abcd');
    await panel.getByRole('button', { name: texts.apply }).click();
    await expect(panel.getByText(texts.min5)).toBeVisible();
    await expect(panel).not.toContainText('password: Must');
  }
  expect(sent).toEqual([]);
});

test('without JavaScript the short password message is the translated one too', async ({ browser, request }) => {
  const account = await createCustomer(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, account);
  await page.goto('/fr/account-settings/');
  const panel = page.getByRole('region', { name: 'Mot de passe' });
  await panel.getByText('Modifier').click();
  await panel.getByLabel('Mot de passe actuel', { exact: true }).fill(account.password);
  await panel.getByLabel('Nouveau mot de passe', { exact: true }).fill('abcd');
  await panel.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('abcd');
  await panel.getByRole('button', { name: 'Appliquer' }).click();
  await expect(
    page.getByRole('region', { name: 'Mot de passe' }).getByText('Doit contenir au moins 5 caractères'),
  ).toBeVisible();
  await context.close();
});

test('a server failure of a password change goes to the error notification and keeps the form for a retry', async ({
  page,
  request,
  context,
}) => {
  const account = await createCustomer(request);
  await logIn(page, account);
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Password' });
  await panel.getByText('Change').click();
  await panel.getByLabel('Current password', { exact: true }).fill(account.password);
  await panel.getByLabel('New password', { exact: true }).fill('Next1234!');
  await panel.getByLabel('Confirm new password', { exact: true }).fill('Next1234!');
  await fault({ method: 'PATCH', path: 'a/user/password', headers: await asThisCustomer(context), status: 503 });
  await panel.getByRole('button', { name: 'Apply' }).click();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByRole('alert')).toContainText('injected fault 503');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByLabel('New password', { exact: true })).toHaveValue('Next1234!');
  // Apply again: the change goes through.
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('status')).toContainText('Saved');
});
