import { expect, test, type APIResponse, type Page } from './support/test';
import { freshCustomer, payByCard, placeOrderButton, reviewWithBasket } from './support/checkout';
import {
  countDialogs,
  injectedInPage,
  internalTraces,
  isSameSitePath,
  payloads,
  REDIRECT_TARGETS,
  type Payload,
} from './support/payloads';
import { E2E_API_URL } from './support/sites';
import { hydrated } from './support/islands';

// Every place text enters the site, with every payload: the answer must show it as text.

const enc = encodeURIComponent;

/** Addresses that carry a payload in their path or query, answered by the server alone. */
const SERVER_ROUTES: readonly (readonly [string, (text: string) => string])[] = [
  ['404 path', (text) => `/${enc(text)}/`],
  ['localized 404 path', (text) => `/es/${enc(text)}/`],
  ['public 404 path', (text) => `/public/${enc(text)}`],
  ['tracking number', (text) => `/public/tracking/?trackingNumber=${enc(text)}`],
  ['localized tracking number', (text) => `/fr/public/tracking/?trackingNumber=${enc(text)}`],
  ['order lookup', (text) => `/order-info/?email=${enc(text)}&order_no=${enc(text)}&invoice_no=${enc(text)}`],
  ['rating link', (text) => `/public/rate-merchant/?orderno=${enc(text)}&rating=${enc(text)}`],
  ['login prefill', (text) => `/login/?username=${enc(text)}&redirect=${enc(`/x/${text}`)}`],
  ['recover prefill', (text) => `/recover-password/?email=${enc(text)}`],
  ['language', (text) => `/return-policy/?language_id=${enc(text)}&q=${enc(text)}`],
  ['basket number', (text) => `/?basketNum=${enc(text)}`],
  ['add to cart', (text) => `/?add-to-cart=${enc(text)},1`],
];

async function expectClean(page: Page, payload: Payload, where: string, answer: APIResponse): Promise<void> {
  const body = await answer.text();
  expect(answer.status(), `${where} ${payload.name}`).toBeLessThan(500);
  expect(internalTraces(body), `${where} ${payload.name}`).toEqual([]);
  expect(await injectedInPage(page, payload.marker, body), `${where} ${payload.name}`).toEqual([]);
}

test('payloads in paths and query parameters come back as text', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  for (const payload of payloads('srv')) {
    // A context per payload: the basket routes set cookies the next payload must not inherit.
    const request = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    for (const [where, route] of SERVER_ROUTES)
      await expectClean(page, payload, where, await request.get(route(payload.text)));
    await request.dispose();
  }
});

test('rating texts posted without JavaScript come back as text', async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  for (const payload of payloads('rate')) {
    // An invalid star count keeps the form on screen with every text sent back into it.
    const form = new URLSearchParams({
      store_rating: '9',
      shopping_experience: payload.text,
      engine_make: payload.text,
      repair_symptoms: payload.text,
      repair_story: payload.text,
    });
    const answer = await request.post(`/public/rate-merchant/?orderno=${enc(payload.text)}`, {
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      data: form.toString(),
    });
    expect(answer.status(), payload.name).toBe(422);
    await expectClean(page, payload, 'rating form', answer);
  }
});

test('islands show hostile query text without running it', async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs = countDialogs(page);
  for (const payload of payloads('isl')) {
    for (const path of [
      `/order-info/?email=${enc(payload.text)}&order_no=${enc(payload.text)}&invoice_no=${enc(payload.text)}`,
      `/login/?username=${enc(payload.text)}`,
      `/?add-to-cart=${enc(payload.text)},1`,
    ]) {
      await page.goto(path);
      await hydrated(page);
      expect(await injectedInPage(page, payload.marker), `${path} ${payload.name}`).toEqual([]);
    }
  }
  // The rejected add-to-cart entry is named in a notification: the last one must be there, as text.
  await expect(page.getByText(payloads('isl').at(-1)?.marker ?? '-').first()).toBeVisible();
  expect(dialogs.messages).toEqual([]);
});

test('typed text in login, order lookup and bulk add is shown as text', async ({ page }) => {
  test.setTimeout(90_000);
  const dialogs = countDialogs(page);
  const all = payloads('form');

  await page.goto('/bulk-add-items/');
  await page.getByLabel('Part numbers').fill(all.map((payload) => payload.text).join('\n'));
  await page.getByRole('button', { name: 'Find products' }).click();
  await expect(page.getByText(all[0]?.marker ?? '-').first()).toBeVisible();
  for (const payload of all) expect(await injectedInPage(page, payload.marker), `bulk add ${payload.name}`).toEqual([]);

  await page.goto('/login/');
  const email = page.getByRole('textbox', { name: 'E-mail' });
  for (const payload of all) {
    await email.fill(payload.text);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  }

  for (const payload of all) expect(await injectedInPage(page, payload.marker), `login ${payload.name}`).toEqual([]);

  await page.goto('/order-info/');
  await hydrated(page);
  for (const payload of all) {
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(payload.text);
    await page.getByRole('textbox', { name: 'Order number' }).fill('1234');
    await page.getByRole('textbox', { name: 'Order number' }).blur();
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(payload.text);
    expect(await injectedInPage(page, payload.marker), `order lookup ${payload.name}`).toEqual([]);
  }
  expect(dialogs.messages).toEqual([]);
});

test('the customer form shows hostile names and address as text', async ({ page, context, baseURL }) => {
  const dialogs = countDialogs(page);
  const added = await context.request.post(`${E2E_API_URL}a/item/1374449/1?store_id=marine`);
  const { BASKETNUM } = (await added.json()) as { BASKETNUM: string };
  await context.addCookies([{ name: 'BASKETN', value: String(BASKETNUM), url: baseURL ?? '' }]);
  for (const payload of payloads('cust').slice(0, 6)) {
    await page.goto('/customer-form/?guest=true');
    await hydrated(page);
    for (const name of ['First name', 'Last name', 'Address', 'City']) {
      await page.getByRole('textbox', { name, exact: true }).fill(payload.text);
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(payload.text);
    expect(await injectedInPage(page, payload.marker), payload.name).toEqual([]);
  }
  expect(dialogs.messages).toEqual([]);
});

test('engine notes on review order, typed or prefilled from the engine cookie, stay text through the order', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const dialogs = countDialogs(page);
  const all = payloads('note');
  const text = all.map((payload) => payload.text).join('\n');
  const account = await freshCustomer('notes');
  // The engine chosen on the storefront prefills the notes: a hostile cookie is one more way in.
  await context.addCookies([
    { name: 'ENGINE_MODEL', value: encodeURIComponent(all[0]?.text ?? ''), url: baseURL ?? '' },
  ]);
  await reviewWithBasket(page, account, '2043,1');
  const notes = page.getByRole('textbox', { name: 'Engine information (model or serial number)' });
  for (const payload of all)
    expect(await injectedInPage(page, payload.marker), `prefilled ${payload.name}`).toEqual([]);
  await notes.fill(text);
  await expect(notes).toHaveValue(text);
  for (const payload of all) expect(await injectedInPage(page, payload.marker), `review ${payload.name}`).toEqual([]);
  await payByCard(page, '4111111111111111');
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/payment-success\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order has been received' })).toBeVisible();
  for (const payload of all)
    expect(await injectedInPage(page, payload.marker), `payment success ${payload.name}`).toEqual([]);
  await page.goto('/order-history/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const payload of all)
    expect(await injectedInPage(page, payload.marker), `order history ${payload.name}`).toEqual([]);
  expect(dialogs.messages).toEqual([]);
});

// ---- Return targets ----

function expectSameSite(answer: APIResponse, label: string): void {
  expect(answer.status(), label).toBeGreaterThanOrEqual(300);
  expect(answer.status(), label).toBeLessThan(400);
  const location = answer.headers()['location'] ?? '';
  expect(isSameSitePath(location), `${label} -> ${location}`).toBe(true);
}

test('return targets never leave the site', async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const site = baseURL ?? '';
  const origin = new URL(site).origin;
  const form = (fields: Record<string, string>) => ({
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
  const login = { username: 'customer@example.com', password: 'Customer123!', disableRateLimit: '1' };
  const signedIn = await playwright.request.newContext({ baseURL: site });
  for (const target of REDIRECT_TARGETS) {
    const query = `redirect=${enc(target)}`;
    expectSameSite(await signedIn.post(`/login/?${query}`, form(login)), `login form ${target}`);
    expectSameSite(await signedIn.post('/login/', form({ ...login, redirect: target })), `login form field ${target}`);
    expectSameSite(await signedIn.post(`/signin/?${query}`, form(login)), `sign-in form ${target}`);
    expectSameSite(await signedIn.get(`/login/?${query}`, { maxRedirects: 0 }), `signed-in login ${target}`);
    expectSameSite(await signedIn.get(`/fr/login/?${query}`, { maxRedirects: 0 }), `signed-in French login ${target}`);

    const anonymous = await playwright.request.newContext({ baseURL: site });
    expectSameSite(await anonymous.post(`/logout/?${query}`, form({})), `logout ${target}`);
    expectSameSite(await anonymous.post(`/guest-exit/?${query}`, form({})), `guest exit ${target}`);
    expectSameSite(await anonymous.get(`/account-settings/?${query}`, { maxRedirects: 0 }), `guard ${target}`);
    await anonymous.dispose();
  }
  await signedIn.dispose();
});

test('paths that look like another site stay on this one, whatever the language', async ({ playwright, baseURL }) => {
  const site = baseURL ?? '';
  const french = await playwright.request.newContext({
    storageState: {
      cookies: [
        {
          name: 'LANG',
          value: 'fr',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Strict',
        },
      ],
      origins: [],
    },
  });
  const plain = await playwright.request.newContext();
  const paths = [
    '/en//evil.example/',
    '/en/\\evil.example/',
    '/en/%2F%2Fevil.example/',
    '/en/return-policy/',
    '/en///evil.example/',
  ];
  for (const path of paths) expectSameSite(await plain.get(`${site}${path}`, { maxRedirects: 0 }), path);
  for (const [prefix, lang] of [
    ['', 'fr'],
    ['/es', 'en'],
    ['/fr', 'pt'],
    ['/en', 'es'],
  ] as const) {
    for (const rest of [
      '//evil.example/',
      '/\\evil.example/',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/',
      '///evil.example/',
    ]) {
      const path = `${prefix}${rest}?language_id=${lang}`;
      expectSameSite(await plain.get(`${site}${path}`, { maxRedirects: 0 }), path);
    }
  }
  for (const rest of ['//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/']) {
    expectSameSite(await french.get(`${site}${rest}`, { maxRedirects: 0 }), `LANG=fr ${rest}`);
  }
  await french.dispose();
  await plain.dispose();
});

test('a login in the browser with a hostile return target ends on this site', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  for (const target of ['/es//evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)']) {
    await page.context().clearCookies();
    await page.goto(`/login/?redirect=${enc(target)}`);
    await hydrated(page);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('customer@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Customer123!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Account menu')).toBeVisible();
    expect(new URL(page.url()).origin, target).toBe(origin);
  }
});

// ---- Bad requests ----

const JUNK_BODIES: readonly (readonly [string, string, string | Buffer])[] = [
  ['oversized JSON', 'application/json', Buffer.from(`{"a":"${'x'.repeat(600 * 1024)}"}`)],
  ['malformed JSON', 'application/json', '{"username": "a", '],
  ['wrong content type', 'text/plain', 'hello'],
  ['binary', 'application/octet-stream', Buffer.from([0, 255, 1, 254, 0x7b, 0x22])],
  ['broken multipart', 'multipart/form-data; boundary=xx', 'garbage'],
  ['multipart without boundary', 'multipart/form-data', 'garbage'],
];

async function expectRefused(
  answer: APIResponse,
  label: string,
  allowed: (status: number) => boolean = (status) => status >= 400 && status < 500,
): Promise<void> {
  const body = await answer.text();
  expect(allowed(answer.status()), `${label}: ${answer.status()}`).toBe(true);
  expect(internalTraces(body), label).toEqual([]);
}

test('junk bodies to the proxy and the store API answer 4xx with a message, and both keep serving', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const proxied = [
    '/api/a/basket/',
    '/_actions/session.login/',
    '/_actions/customerForm.submit/',
    '/api/admin/public/rate_merchant/abc/',
  ];
  const direct = ['a/basket', 'v2/auth/login', 'v2/customers', 'admin/public/rate_merchant/abc'].map(
    (path) => `${E2E_API_URL}${path}`,
  );
  for (const [name, type, data] of JUNK_BODIES) {
    for (const url of [...proxied, ...direct]) {
      const answer = await request.post(url, { headers: { origin, 'content-type': type }, data });
      await expectRefused(answer, `${name} to ${url}`);
      expect(answer.headers()['content-type'], `${name} to ${url}`).toMatch(/^(application\/json|text\/plain)/);
      expect((await answer.text()).length, `${name} to ${url}`).toBeGreaterThan(0);
    }
  }
  // 1 MB and 10 MB straight to the store API: the 413 and its message arrive whole, never a reset.
  for (const size of [1024 * 1024, 10 * 1024 * 1024]) {
    const answer = await request.post(`${E2E_API_URL}a/basket`, {
      headers: { 'content-type': 'application/json' },
      data: Buffer.alloc(size, 0x78),
    });
    expect(answer.status(), `${size} bytes`).toBe(413);
    expect(await answer.json(), `${size} bytes`).toEqual({ message: 'payload too large' });
  }
  expect((await request.get('/api/v2/reports/warehouse-status/')).status()).toBe(200);
  expect((await request.get(`${E2E_API_URL}health`)).status()).toBe(200);
});

test('huge query strings and headers are refused and the servers keep serving', async ({ request }) => {
  const query = 'q'.repeat(100 * 1024);
  const header = { 'x-padding': 'h'.repeat(64 * 1024) };
  for (const url of ['/api/v2/suggest/products/', `${E2E_API_URL}v2/suggest/products`, '/public/tracking/', '/']) {
    await expectRefused(await request.get(`${url}?q=${query}`), `100 KB query to ${url}`);
    await expectRefused(await request.get(url, { headers: header }), `64 KB header to ${url}`);
  }
  expect((await request.get('/return-policy/')).status()).toBe(200);
  expect((await request.get(`${E2E_API_URL}health`)).status()).toBe(200);
});

test('page forms answer junk bodies without a server error', async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const forms = ['/login/', '/signin/', '/recover-password/', '/es/login/'];
  const redirecting = ['/logout/', '/guest-exit/'];
  for (const [name, type, data] of JUNK_BODIES) {
    const options = { headers: { origin, 'content-type': type }, data, maxRedirects: 0 };
    for (const path of forms) await expectRefused(await request.post(path, options), `${name} to ${path}`);
    for (const path of redirecting)
      // Logout and guest exit end the session whatever came with them; a body over the page-form limit is refused unread.
      await expectRefused(
        await request.post(path, options),
        `${name} to ${path}`,
        (status) => status === 303 || status === 413,
      );
    await expectRefused(
      await request.post('/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB', options),
      `${name} to the rating form`,
    );
  }
  expect((await request.get('/login/')).status()).toBe(200);
});
