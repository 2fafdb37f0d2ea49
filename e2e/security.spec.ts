import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext, type Page, type Response } from './support/test';
import { internalTraces, isSameSitePath } from './support/payloads';
import { fault } from './support/faults';
import { expiredToken } from './support/shopper';
import { E2E_API_URL, E2E_SITES, E2E_UPSTREAM_TIMEOUT_MS } from './support/sites';

// Security properties: the CSP of every HTML answer, the token cookies, the proxy's refusals and
// error answers without a trace of the server. Hostile input and return targets are in
// hostile-input.spec.ts.

const CUSTOMER = { email: 'customer@example.com', password: 'Customer123!' };

const HTML_ROUTES = [
  '/',
  '/return-policy/',
  '/es/return-policy/',
  '/login/',
  '/signin/',
  '/recover-password/',
  '/bulk-add-items/',
  '/order-info/',
  '/public/tracking/',
  '/public/tracking/?trackingNumber=EZ1000000001',
  '/public/rate-merchant/?orderno=NjAwMzAy.VwW3UWrPS-ZxZFpB',
  '/public/subscriptions/unsubscribed/',
  '/no-such-page/',
  '/dev/',
];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('every HTML answer sends a CSP that lists each inline script and forbids framing', async ({ request }) => {
  let inline = 0;
  for (const path of HTML_ROUTES) {
    const answer = await request.get(path);
    const csp = answer.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("'unsafe-inline'");
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    const html = await answer.text();
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc=/i.test(attributes ?? '') || !body) continue;
      expect(scriptSrc, `${path}: inline script ${body.slice(0, 60)}`).toContain(sha256(body));
      inline += 1;
    }
  }
  // Island pages carry Astro's inline loader: the hash check above must have met some.
  expect(inline).toBeGreaterThan(0);
});

test('the developer page does not exist on the production site', async ({ request }) => {
  const answer = await request.get(`${E2E_SITES.production}/dev/`);
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(html).not.toContain('ps_e2e_mode');
});

// ---- Tokens ----

async function logIn(page: Page): Promise<void> {
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Account menu')).toBeVisible();
}

/** Every answer the page receives, read in full once the journey is over. */
function recordAnswers(
  page: Page,
): () => Promise<{ url: string; headers: { name: string; value: string }[]; body: string }[]> {
  const pending: Promise<{ url: string; headers: { name: string; value: string }[]; body: string }>[] = [];
  page.on('response', (response: Response) => {
    pending.push(
      (async () => ({
        url: response.url(),
        headers: await response.headersArray(),
        // Redirects and aborted loads have no body to read.
        body: await response.text().catch(() => ''),
      }))(),
    );
  });
  return () => Promise.all(pending);
}

const setCookieOf = (headers: { name: string; value: string }[], name: string) =>
  headers
    .filter(
      (header) =>
        header.name.toLowerCase() === 'set-cookie' &&
        header.value.startsWith(`${name}=`) &&
        !header.value.startsWith(`${name}=;`),
    )
    .map((header) => header.value);

for (const javaScriptEnabled of [true, false]) {
  test(`a login ${javaScriptEnabled ? 'by the island' : 'by the plain form'} sets both tokens httpOnly and SameSite=Strict, out of page JavaScript's reach`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL ?? '', javaScriptEnabled });
    const page = await context.newPage();
    const answers = recordAnswers(page);
    await logIn(page);
    const headers = (await answers()).flatMap((answer) => answer.headers);
    for (const name of ['ps_access', 'ps_refresh']) {
      const lines = setCookieOf(headers, name);
      expect(lines, name).not.toEqual([]);
      for (const line of lines) {
        expect(line, name).toMatch(/;\s*HttpOnly(;|$)/i);
        expect(line, name).toMatch(/;\s*SameSite=Strict(;|$)/i);
      }
    }
    const tokens = (await context.cookies()).filter(
      (entry) => entry.name === 'ps_access' || entry.name === 'ps_refresh',
    );
    expect(tokens.map((entry) => entry.name).sort()).toEqual(['ps_access', 'ps_refresh']);
    // With JavaScript off the page cannot evaluate; a fresh page of the same context can.
    const probe = javaScriptEnabled
      ? page
      : await (
          await browser.newContext({ baseURL: baseURL ?? '', storageState: await context.storageState() })
        ).newPage();
    await probe.goto('/return-policy/');
    const visible = await probe.evaluate(() => document.cookie);
    expect(visible).toContain('ps_session=');
    for (const token of tokens) {
      expect(token.value.length, token.name).toBeGreaterThan(10);
      expect(visible, token.name).not.toContain(token.value);
      expect(visible, token.name).not.toContain(`${token.name}=`);
    }
    await probe.context().close();
    if (probe !== page) await context.close();
  });
}

test('no answer body or header other than Set-Cookie carries a token, through pages and proxy calls', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const answers = recordAnswers(page);
  await logIn(page);
  await page.goto('/account-settings/');
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
  await page.goto('/order-history/');
  await page.goto('/?add-to-cart=2043,1');
  const tokens = new Set<string>();
  const remember = async () => {
    for (const entry of await context.cookies())
      if (entry.name === 'ps_access' || entry.name === 'ps_refresh') tokens.add(entry.value);
  };
  await remember();
  // Proxy calls from the page itself, then the island's own call of the login action (tokens change there).
  const statuses = await page.evaluate(async (account) => {
    const call = async (path: string, init: RequestInit = {}) => (await fetch(path, init)).status;
    const form = new FormData();
    form.set('username', account.email);
    form.set('password', account.password);
    return [
      await call('/api/a/user/'),
      await call('/api/v2/orders/history/?legacy_date_range=year&store_id=marine'),
      await call('/_actions/session.login/', { method: 'POST', body: form }),
      await call('/api/a/user/'),
    ];
  }, CUSTOMER);
  expect(statuses).toEqual([200, 200, 200, 200]);
  await remember();
  // A page request with an expired access token refreshes both tokens (tokens change there too).
  await context.addCookies([{ name: 'ps_access', value: expiredToken(), url: page.url() }]);
  await page.goto('/return-policy/');
  await expect(page.getByText('Account menu')).toBeVisible();
  await remember();
  await page.goto('/account-settings/');
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
  await remember();

  const seen = await answers();
  expect(seen.some((answer) => answer.url.includes('/_actions/session.login/'))).toBe(true);
  // Each login and each refresh set new tokens: all of them were read.
  expect(tokens.size).toBeGreaterThanOrEqual(4);
  for (const token of tokens) {
    expect(token.length).toBeGreaterThan(10);
    for (const answer of seen) {
      expect(answer.body.includes(token), `body of ${answer.url}`).toBe(false);
      for (const header of answer.headers) {
        if (header.name.toLowerCase() !== 'set-cookie')
          expect(header.value.includes(token), `${header.name} of ${answer.url}`).toBe(false);
      }
    }
  }
});

// ---- Cross-origin calls and the proxy's allowlist ----

/** Proxy calls and bulk add's batch lookup (JSON), and the login action as the island calls it and as the plain form posts it. */
const UNSAFE_CALLS: readonly (readonly [string, string, 'json' | 'form'])[] = [
  ['POST', '/api/a/basket/', 'json'],
  ['PUT', '/api/a/basket/X1/', 'json'],
  ['PATCH', '/api/a/item/2043/1/', 'json'],
  ['DELETE', '/api/a/basket/X1/', 'json'],
  ['POST', '/api/bulk-lookup/', 'json'],
  ['POST', '/_actions/session.login/', 'form'],
  ['POST', '/login/?_action=session.login', 'form'],
];

const FOREIGN_SIGNS: readonly (readonly [string, Record<string, string>])[] = [
  ['Origin of another site', { origin: 'https://evil.example' }],
  ['Origin null', { origin: 'null' }],
  ['no Origin, Referer of another site', { referer: 'https://evil.example/page' }],
  ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
];

test('unsafe proxy and action calls from another site are refused with 403 and set no cookie', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const data = {
    username: CUSTOMER.email,
    password: CUSTOMER.password,
    product_id: 2043,
    qty: 1,
    store_id: 'marine',
    basketNum: 'X1',
  };
  const bodies = {
    json: { type: 'application/json', data },
    form: {
      type: 'application/x-www-form-urlencoded',
      data: new URLSearchParams(Object.entries(data).map(([name, value]) => [name, String(value)])).toString(),
    },
  };
  for (const [method, path, kind] of UNSAFE_CALLS) {
    const body = bodies[kind];
    for (const [sign, headers] of FOREIGN_SIGNS) {
      const answer = await request.fetch(path, {
        method,
        headers: { 'content-type': body.type, ...headers },
        data: body.data,
        maxRedirects: 0,
      });
      expect(answer.status(), `${method} ${path} with ${sign}`).toBe(403);
      expect(answer.headers()['set-cookie'], `${method} ${path} with ${sign}`).toBeUndefined();
    }
    // The same call from this site is not refused: the 403 above came from the origin check.
    const own = await request.fetch(path, {
      method,
      headers: { 'content-type': body.type, origin, referer: `${origin}/cart/` },
      data: body.data,
      maxRedirects: 0,
    });
    expect(own.status(), `${method} ${path} from this site`).not.toBe(403);
  }
});

/** Sends a request target exactly as written: no client resolves dot segments or slashes first. */
function rawRequest(
  site: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; location: string }> {
  const { hostname, port } = new URL(site);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname, port, method, path: target, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, location: String(incoming.headers.location ?? '') }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const OUTSIDE_ALLOWLIST = [
  '/api/__test/faults',
  '/api/__test/faults/',
  '/api/v2/admin/',
  '/api/../health',
  '/api/../__test/faults',
  '/api/%2e%2e/__test/faults',
  '/api/a/basket/../../__test/faults',
  '/api/a/basket/%2e%2e/%2e%2e/__test/faults',
  '/api/a%2f..%2f..%2f__test/faults',
  '/api/http://evil.example/',
  '/api//evil.example/x',
];

test('paths outside the allowlist answer 404 and never reach the store API', async ({ request, baseURL }) => {
  const site = baseURL ?? '';
  const origin = new URL(site).origin;
  // A call with a known answer that a fault, once added, would change.
  const probePath = 'a/basket/ALLOWLISTPROBE1';
  const probe = async (api: APIRequestContext) => (await api.get(`/api/${probePath}/`)).status();
  const pattern = `^/${probePath}`;
  const fault = JSON.stringify({ method: 'GET', path: pattern, status: 599, times: 1 });
  const normal = await probe(request);
  expect(normal).toBeLessThan(500);
  try {
    // The probe does notice a fault added straight to the store API.
    expect(
      (
        await request.post(`${E2E_API_URL}__test/faults`, {
          headers: { 'content-type': 'application/json' },
          data: fault,
        })
      ).status(),
    ).toBe(200);
    expect(await probe(request)).toBe(599);
    for (const target of OUTSIDE_ALLOWLIST) {
      let answer = await rawRequest(site, 'POST', target, { 'content-type': 'application/json', origin }, fault);
      // A path without its trailing slash is first sent to the same path with one, on this site.
      if (answer.status === 301 || answer.status === 308) {
        expect(isSameSitePath(answer.location), `${target} -> ${answer.location}`).toBe(true);
        answer = await rawRequest(site, 'POST', answer.location, { 'content-type': 'application/json', origin }, fault);
      }
      expect(answer.status, target).toBe(404);
      expect(await probe(request), `fault added through ${target}`).toBe(normal);
    }
  } finally {
    await request.delete(`${E2E_API_URL}__test/faults?path=${encodeURIComponent(pattern)}`);
  }
});

// ---- Error answers ----

test('error answers of the site and the store API carry no stack trace or server path', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const json = { 'content-type': 'application/json' };
  const big = Buffer.alloc(600 * 1024, 0x78);
  const long = `?q=${'x'.repeat(10 * 1024)}`;
  const cases: readonly (readonly [string, number, () => Promise<import('@playwright/test').APIResponse>])[] = [
    ['site: unknown page', 404, () => request.get('/no-such-page/')],
    ['site: unknown localized page', 404, () => request.get('/fr/no-such-page/')],
    ['site: broken percent-encoding', 400, () => request.get('/%E0%A4%A/')],
    ['site: broken percent-encoding in a query', 400, () => request.get('/public/tracking/?trackingNumber=%E0%A4%A')],
    [
      'site: junk login form',
      400,
      () => request.post('/login/', { headers: { origin, 'content-type': 'application/json' }, data: '{"x":' }),
    ],
    [
      'site: rating form from another site',
      403,
      () =>
        request.post('/public/rate-merchant/?orderno=abc', {
          headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
          data: 'store_rating=5',
        }),
    ],
    ['site: PUT on a page', 405, () => request.fetch('/login/', { method: 'PUT', headers: { origin } })],
    ['site: DELETE on a page', 405, () => request.fetch('/', { method: 'DELETE', headers: { origin } })],
    ['site: over-long address', 414, () => request.get(`/${long}`)],
    ['proxy: unknown call', 404, () => request.get('/api/v2/admin/')],
    [
      'proxy: cross-origin call',
      403,
      () => request.post('/api/a/basket/', { headers: { ...json, origin: 'https://evil.example' }, data: {} }),
    ],
    ['proxy: oversized body', 413, () => request.post('/api/a/basket/', { headers: { ...json, origin }, data: big })],
    [
      'proxy: malformed JSON',
      400,
      () => request.post('/api/a/basket/', { headers: { ...json, origin }, data: '{"product_id": ' }),
    ],
    ['proxy: over-long address', 414, () => request.get(`/api/v2/suggest/products/${long}`)],
    ['API: validation', 400, () => request.post(`${E2E_API_URL}v2/auth/login`, { headers: json, data: {} })],
    [
      'API: malformed JSON',
      400,
      () => request.post(`${E2E_API_URL}v2/auth/login`, { headers: json, data: '{"username": ' }),
    ],
    ['API: unknown path', 404, () => request.get(`${E2E_API_URL}no/such/call`)],
    ['API: unknown method', 404, () => request.fetch(`${E2E_API_URL}health`, { method: 'PUT' })],
    ['API: missing authorization', 401, () => request.get(`${E2E_API_URL}a/user/`)],
    [
      'API: forged token',
      401,
      () => request.get(`${E2E_API_URL}a/user/`, { headers: { authorization: 'Bearer a.b.c' } }),
    ],
    ['API: oversized body', 413, () => request.post(`${E2E_API_URL}a/basket`, { headers: json, data: big })],
    ['API: over-long address', 414, () => request.get(`${E2E_API_URL}health${long}`)],
    [
      'proxy: store API too slow',
      504,
      async () => {
        const basketNum = `slow${Date.now()}`;
        await fault({
          method: 'GET',
          path: `^/a/basket/${basketNum}/?$`,
          status: 0,
          delay: E2E_UPSTREAM_TIMEOUT_MS + 1000,
        });
        return request.get(`/api/a/basket/${basketNum}/`);
      },
    ],
  ];
  for (const [label, status, send] of cases) {
    const answer = await send();
    const body = await answer.text();
    expect(answer.status(), label).toBe(status);
    expect(body.length, label).toBeGreaterThan(0);
    expect(internalTraces(body), label).toEqual([]);
    for (const [name, value] of Object.entries(answer.headers()))
      expect(internalTraces(value), `${label}: header ${name}`).toEqual([]);
  }
});

test("the site's own refusals speak the visitor's language", async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const long = `?q=${'x'.repeat(10 * 1024)}`;
  const tooLong = await request.get(`/fr/${long}`);
  expect(tooLong.status()).toBe(414);
  expect(await tooLong.text()).toBe('Cette adresse est trop longue');
  const refused = await request.fetch('/pt/login/', { method: 'PUT', headers: { origin } });
  expect(refused.status()).toBe(405);
  expect(await refused.text()).toBe('Esta página só pode ser lida ou receber o seu formulário.');
  const tooLarge = await request.post('/api/a/basket/', {
    headers: { 'content-type': 'application/json', origin, cookie: 'LANG=es' },
    data: Buffer.alloc(600 * 1024, 0x78),
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toEqual({
    message: 'La solicitud es demasiado grande. Envíe menos cada vez.',
  });
});
