import { expect, test, type APIRequestContext, type APIResponse, type Page } from './support/test';
import { CUSTOMER } from './support/checkout';

// What a CDN in front of the site sees: the anonymous answer of a public page is shared, a
// session's answer never is, and no shared answer sets a cookie.
const PUBLIC_PAGES = [
  '/return-policy/',
  '/fr/return-policy/',
  '/es/public/subscriptions/unsubscribed/',
  '/public/tracking/?trackingNumber=EZ1000000001',
  '/pt/public/tracking/?trackingNumber=PP3000000003',
  '/public/rate-merchant/',
];

type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];

const cookie = (name: string, value: string, httpOnly = false): Cookie => ({
  name,
  value,
  domain: '127.0.0.1',
  path: '/',
  expires: -1,
  httpOnly,
  secure: false,
  sameSite: 'Strict',
});

/** A JWT-shaped token that expired long ago; the site reads only its expiry before refreshing. */
function expiredToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 1000 })}.c2ln`;
}

function varies(response: APIResponse): string[] {
  return (response.headers()['vary'] ?? '').toLowerCase().split(/\s*,\s*/);
}

function expectShared(response: APIResponse, label: string): void {
  expect(response.status(), label).toBeLessThan(500);
  expect(response.headers()['cache-control'], label).toMatch(/^public, .*s-maxage=\d+/);
  expect(response.headers()['set-cookie'], label).toBeUndefined();
  expect(varies(response), label).toContain('cookie');
}

function expectVisitorsOwn(response: APIResponse, label: string): void {
  expect(response.headers()['cache-control'], label).toBe('private, no-cache');
  expect(varies(response), label).toContain('cookie');
}

async function signedIn(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  site: string,
): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL: site });
  const login = await context.post('/login/', {
    headers: { origin: new URL(site).origin, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({
      username: CUSTOMER.email,
      password: CUSTOMER.password,
      disableRateLimit: '1',
    }).toString(),
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  return context;
}

test('a public page is shared only as its anonymous answer, with the same bytes for every anonymous visitor', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const site = baseURL ?? '';
  const anonymous = await playwright.request.newContext({ baseURL: site });
  // Cookies that do not change the page: a basket, the page's own language, a third party's.
  const shopper = await playwright.request.newContext({
    baseURL: site,
    storageState: {
      cookies: [cookie('BASKETN', 'B-123'), cookie('LANG', 'en'), cookie('_ga', 'GA1.2.3')],
      origins: [],
    },
  });
  const customer = await signedIn(playwright, site);

  for (const path of PUBLIC_PAGES) {
    const first = await anonymous.get(path, { maxRedirects: 0 });
    const second = await anonymous.get(path, { maxRedirects: 0 });
    expectShared(first, `anonymous ${path}`);
    expectShared(second, `anonymous again ${path}`);
    const bytes = await first.body();
    expect((await second.body()).equals(bytes), `same bytes ${path}`).toBe(true);

    const withBasket = await shopper.get(path, { maxRedirects: 0 });
    expectShared(withBasket, `basket and LANG=en ${path}`);
    expect((await withBasket.body()).equals(bytes), `same bytes with a basket ${path}`).toBe(true);

    const own = await customer.get(path, { maxRedirects: 0 });
    expectVisitorsOwn(own, `signed in ${path}`);
    expect(own.headers()['set-cookie'], `signed in ${path}`).toBeUndefined();
    // The header is the visitor's own: the account menu with its Log out form, or Log in.
    expect(await own.text(), `signed in ${path}`).toMatch(/<form method="post" action="[^"]*\/logout\/\?redirect=/);
    expect(bytes.toString(), `anonymous ${path}`).not.toContain('/logout/');
  }
  await Promise.all([anonymous.dispose(), shopper.dispose(), customer.dispose()]);
});

test('a page that refreshes an expired token is never public', async ({ playwright, baseURL }) => {
  const site = baseURL ?? '';
  const customer = await signedIn(playwright, site);
  const state = await customer.storageState();
  await customer.dispose();
  const expired = await playwright.request.newContext({
    baseURL: site,
    storageState: {
      cookies: [
        ...state.cookies.filter((entry) => entry.name !== 'ps_access'),
        cookie('ps_access', expiredToken(), true),
      ],
      origins: [],
    },
  });
  const page = await expired.get('/return-policy/', { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(page.headers()['set-cookie']).toMatch(/ps_access=/);
  expectVisitorsOwn(page, 'refreshed token');
  await expired.dispose();
});

test('the LANG redirect varies on Cookie and is never shared; choosing a language is never shared', async ({
  playwright,
  baseURL,
}) => {
  const site = baseURL ?? '';
  const french = await playwright.request.newContext({
    baseURL: site,
    storageState: { cookies: [cookie('LANG', 'fr')], origins: [] },
  });
  const redirect = await french.get('/return-policy/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()['location']).toBe('/fr/return-policy/');
  expectVisitorsOwn(redirect, 'LANG redirect');

  // The English page the redirect replaces varies on Cookie too, so a cache never gives it to LANG=fr.
  const plain = await playwright.request.newContext({ baseURL: site });
  expectShared(await plain.get('/return-policy/', { maxRedirects: 0 }), 'unprefixed page');

  const chosen = await plain.get('/return-policy/?language_id=es', { maxRedirects: 0 });
  expect(chosen.status()).toBe(302);
  expect(chosen.headers()['set-cookie']).toMatch(/LANG=es/);
  expect(chosen.headers()['cache-control']).toBe('private, no-cache');
  await Promise.all([french.dispose(), plain.dispose()]);
});

async function logIn(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('log out and in again returns to the page, carried by redirect= alone', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/login/?redirect=%2Faccount-settings%2F');
  await logIn(page);
  await expect(page).toHaveURL(/\/account-settings\/$/);
  await page.goto('/return-policy/?from=mail');
  await page.getByText('Account menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/\?logOut=true&redirect=%2Freturn-policy%2F%3Ffrom%3Dmail$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/return-policy\/\?from=mail$/);
  const names = (await context.cookies()).map((entry) => entry.name);
  expect(names).not.toContain('ps_return');
  await context.close();
});
