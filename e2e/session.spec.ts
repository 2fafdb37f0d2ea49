import { expect, test, type BrowserContext, type Page } from './support/test';
import { E2E_API_URL } from './support/sites';
import { watchCsp } from './support/csp';
import { basketFor } from './support/checkout';

const CUSTOMER = { email: 'customer@example.com', password: 'Customer123!' };
const ACAI = { email: 'acai@example.com', password: 'Acai12345!' };
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'Subscriber1!' };

async function fillLogin(page: Page, account: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((entry) => entry.name === name);
}

/** A JWT-shaped token that expired long ago; the site reads only its expiry before refreshing. */
function expiredToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 1000 })}.c2ln`;
}

test('a customer logs in, sees the account menu and reaches account settings', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  // Signed out, and the login page does not link to itself from the header.
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByText('Account menu')).toHaveCount(0);
  await fillLogin(page, CUSTOMER);
  await expect(page.getByText('Account menu')).toBeVisible();
  await page.getByText('Account menu').click();
  // The menu's own links (the header's cart button is a link named Cart too).
  const menu = page.locator('#account-menu');
  for (const name of ['Cart', 'Order history', 'Account settings'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await menu.getByRole('link', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account settings');
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
});

test('an anonymous visitor to account settings logs in and comes back there', async ({ page }) => {
  await page.goto('/account-settings/');
  await expect(page).toHaveURL(/\/login\/\?redirect=%2Faccount-settings%2F$/);
  await fillLogin(page, ACAI);
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await expect(page.getByText(ACAI.email)).toBeVisible();
});

test('a subscriber goes to the customer form after login, and from account settings too', async ({ page }) => {
  // The customer form needs a basket with items, else it sends the visitor to the cart.
  await page.goto('/?add-to-cart=2043,1');
  await page.goto('/login/');
  await fillLogin(page, SUBSCRIBER);
  await expect(page).toHaveURL(/\/customer-form\/$/);
  // Refused by the guard: the customer form, which makes a customer, then leads on there.
  await page.goto('/account-settings/');
  await expect(page).toHaveURL(/\/customer-form\/\?redirect=%2Faccount-settings%2F$/);
  // The login page sends a signed-in subscriber the same way, keeping where they were going.
  await page.goto('/login/?redirect=%2Forder-history%2F');
  await expect(page).toHaveURL(/\/customer-form\/\?redirect=%2Forder-history%2F$/);
});

test('required fields and wrong credentials are explained; six wrong passwords show the rate-limit message', async ({
  page,
}) => {
  await page.goto('/login/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields');
  const username = `nobody-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  await fillLogin(page, { email: username, password: 'wrong-1' });
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');
  for (let attempt = 2; attempt <= 6; attempt += 1) {
    await fillLogin(page, { email: username, password: `wrong-${attempt}` });
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  }
  await expect(page.getByRole('alert')).toHaveText('Wrong credentials entered multiple times. Please, try again later');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(username);
});

test('login works with JavaScript disabled', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/account-settings/');
  await expect(page).toHaveURL(/\/login\//);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields');
  await fillLogin(page, CUSTOMER);
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/\?logOut=true/);
  await expect(page.getByText('Account menu')).toHaveCount(0);
  await context.close();
});

test('an expired access token is refreshed without the visitor noticing', async ({ page, context, baseURL }) => {
  await page.goto('/login/');
  await fillLogin(page, CUSTOMER);
  await expect(page.getByText('Account menu')).toBeVisible();
  const before = await cookie(context, 'ps_refresh');
  await context.addCookies([
    { name: 'ps_access', value: expiredToken(), url: baseURL ?? '', httpOnly: true, sameSite: 'Strict' },
  ]);
  await page.goto('/account-settings/');
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
  expect((await cookie(context, 'ps_refresh'))?.value).not.toBe(before?.value);
  // And through the proxy: a call made with a rejected token is refreshed and retried.
  await context.addCookies([
    { name: 'ps_access', value: 'not-a-token', url: baseURL ?? '', httpOnly: true, sameSite: 'Strict' },
  ]);
  const rejected = await cookie(context, 'ps_refresh');
  const user = await page.request.get('/api/a/user/');
  expect(user.status()).toBe(200);
  expect(await user.text()).toContain(CUSTOMER.email);
  expect((await cookie(context, 'ps_refresh'))?.value).not.toBe(rejected?.value);
  await expect(page).toHaveURL(/\/account-settings\/$/);
});

test('a failed refresh logs out with "You were logged out" and keeps the basket', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login/');
  await fillLogin(page, CUSTOMER);
  await expect(page.getByText('Account menu')).toBeVisible();
  // The landing page may still send the visitor on (no basket): let it settle before navigating.
  await page.waitForLoadState('networkidle');
  const url = baseURL ?? '';
  await context.addCookies([
    { name: 'BASKETN', value: 'KEEP-ME-42', url, sameSite: 'Strict' },
    { name: 'ps_access', value: 'not-a-token', url, httpOnly: true, sameSite: 'Strict' },
    { name: 'ps_refresh', value: 'revoked-refresh-token', url, httpOnly: true, sameSite: 'Strict' },
  ]);
  // The page's own read of the user is refused, and so is the refresh: the session has ended.
  await page.goto('/account-settings/');
  // The page the shopper was on is kept as the return target.
  await expect(page).toHaveURL(/\/login\/\?logOut=true&redirect=%2Faccount-settings%2F$/);
  await expect(page.getByText('You were logged out').first()).toBeVisible();
  await expect(page.getByText('Account menu')).toHaveCount(0);
  expect((await cookie(context, 'BASKETN'))?.value).toBe('KEEP-ME-42');
  expect(await cookie(context, 'ps_access')).toBeUndefined();
  await fillLogin(page, CUSTOMER);
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
  expect((await cookie(context, 'BASKETN'))?.value).toBe('KEEP-ME-42');

  // The same on a navigation: the guard finds an expired token it cannot refresh.
  await context.addCookies([
    { name: 'ps_access', value: expiredToken(), url, httpOnly: true, sameSite: 'Strict' },
    { name: 'ps_refresh', value: 'revoked-refresh-token', url, httpOnly: true, sameSite: 'Strict' },
  ]);
  await page.goto('/account-settings/');
  await expect(page).toHaveURL(/\/login\/\?logOut=true&redirect=%2Faccount-settings%2F$/);
  await expect(page.getByText('You were logged out').first()).toBeVisible();
  expect((await cookie(context, 'BASKETN'))?.value).toBe('KEEP-ME-42');
});

test('logout from the header ends the session and goes to login', async ({ page, context }) => {
  await page.goto('/login/');
  await fillLogin(page, CUSTOMER);
  await expect(page.getByText('Account menu')).toBeVisible();
  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/\?logOut=true/);
  await expect(page.getByText('Account menu')).toHaveCount(0);
  expect(await cookie(context, 'ps_refresh')).toBeUndefined();
  expect(await cookie(context, 'ps_session')).toBeUndefined();
});

test('sign-in offers login, guest checkout and account creation; an authorized user goes home', async ({ page }) => {
  await page.goto('/?add-to-cart=2043,1');
  await page.goto('/signin/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/customer-form\/\?guest=true$/);
  await page.goto('/signin/');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/customer-form\/$/);
  await page.goto('/signin/');
  await fillLogin(page, CUSTOMER);
  await expect(page.getByText('Account menu')).toBeVisible();
  await page.goto('/signin/');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('recover password: prefilled from login, checked, then the answer with a way back', async ({ page }) => {
  // The pages' script runs under the CSP: a refusal would leave the checks below to the server.
  const violations = watchCsp(page);
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('customer@example.com');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/recover-password\/\?email=customer%40example\.com$/);
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue('customer@example.com');
  // The prefilled value is the server's; the check on typing is the script's, which has run once the document is.
  await page.waitForLoadState('domcontentloaded');
  await email.fill('not-an-email');
  await expect(page.getByText('Incorrect email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await email.fill('customer@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText('Request sent');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/signin\/$/);
  expect(violations).toEqual([]);
});

test('the session pages read in every language', async ({ page }) => {
  const titles = { es: 'Inicie sesión en su cuenta', fr: 'Connectez-vous à votre compte', pt: 'Entre na sua conta' };
  for (const [locale, title] of Object.entries(titles)) {
    await page.goto(`/${locale}/login/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await page.goto('/fr/account-settings/');
  await expect(page).toHaveURL(/\/fr\/login\/\?redirect=%2Ffr%2Faccount-settings%2F$/);
});

test('token cookies of the older release sign no one in and are deleted; the basket cookie is renamed', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const first = await browser.newContext({ baseURL: url });
  const page = await first.newPage();
  await page.goto('/login/');
  await fillLogin(page, CUSTOMER);
  await expect(page.getByText('Account menu')).toBeVisible();
  const access = await cookie(first, 'ps_access');
  const refresh = await cookie(first, 'ps_refresh');
  await first.close();

  // Valid tokens under the old names: a sibling subdomain could have set them, so they count for nothing.
  const legacy = await browser.newContext({ baseURL: url });
  await legacy.addCookies([
    { name: 'token', value: access?.value ?? '', url },
    { name: 'refresh_token', value: refresh?.value ?? '', url },
    { name: 'basketNum', value: 'OLD-BASKET-1', url },
  ]);
  const again = await legacy.newPage();
  await again.goto('/account-settings/');
  await expect(again).toHaveURL(/\/login\/\?redirect=%2Faccount-settings%2F$/);
  const names = (await legacy.cookies()).map((entry) => entry.name);
  expect(names).not.toContain('token');
  expect(names).not.toContain('refresh_token');
  expect(names).not.toContain('ps_access');
  expect((await cookie(legacy, 'BASKETN'))?.value).toBe('OLD-BASKET-1');

  // Signing in once more brings the person back where they were going.
  await fillLogin(again, CUSTOMER);
  await expect(again).toHaveURL(/\/account-settings\/$/);
  await expect(again.getByText(CUSTOMER.email)).toBeVisible();
  expect((await cookie(legacy, 'ps_access'))?.httpOnly).toBe(true);
  await legacy.close();
});

test('a guest sees Exit guest checkout, which ends the guest session and goes to sign-in', async ({
  page,
  request,
}) => {
  const basket = await request.post(`${E2E_API_URL}a/basket`, {
    data: { product_id: 2043, qty: 1, store_id: 'marine' },
  });
  const { BASKETNUM } = (await basket.json()) as { BASKETNUM: string };
  await page.goto('/signin/');
  const address = {
    firstname: 'Gus',
    lastname: 'Guest',
    company: '',
    address1: '175 S Main St',
    address2: '',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84111',
    country: 'US',
    phone: '8015550142',
  };
  // The customer form saves the guest record through its action; that makes the visitor a guest.
  const form: Record<string, string> = {
    action: 'guestPost',
    mode: 'guest',
    basketNum: BASKETNUM,
    email: 'gus@example.com',
    password: '',
    passwordConfirm: '',
    'shipping.address_verified': '1',
  };
  for (const [field, value] of Object.entries(address)) {
    form[`shipping.${field}`] = value;
    form[`billing.${field}`] = value;
  }
  const saved = await page.request.post('/_actions/customerForm.submit/', {
    form,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Exit guest checkout' })).toBeVisible();
  await expect(page.getByText('Account menu')).toHaveCount(0);
  await page.getByRole('button', { name: 'Exit guest checkout' }).click();
  await expect(page).toHaveURL(/\/signin\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('an admin whose session ended is asked to log in as admin; anyone else sees the usual title', async ({
  page,
  context,
}) => {
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  // What stays of an admin's session once its tokens are gone: the claims cookie alone.
  const claims = {
    userid: 90,
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'customer',
    department: 'admin',
    guest: false,
  };
  const { hostname } = new URL(page.url());
  await context.addCookies([
    {
      name: 'ps_session',
      value: encodeURIComponent(JSON.stringify(claims)),
      domain: hostname,
      path: '/',
      sameSite: 'Strict',
    },
  ]);
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login as admin');
  await expect(page).toHaveTitle(/Login as admin/);
  await page.goto('/es/login/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión como administrador');
});

test('a guest record that is the text "undefined" says "Guest authorization error" on sign-in and is dropped', async ({
  page,
  context,
  baseURL,
}) => {
  await basketFor(page, '2043,1');
  await context.addCookies([{ name: 'ps_guest', value: 'undefined', url: baseURL! }]);
  await page.goto('/review-order/');
  await expect(page).toHaveURL(/\/signin\/\?redirect=%2Freview-order%2F&guestAuth=error$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Guest authorization error' })).toBeVisible();
  expect(await cookie(context, 'ps_guest')).toBeUndefined();
});
