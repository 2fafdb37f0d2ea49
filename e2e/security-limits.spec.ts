import { request as httpRequest } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { parse } from 'devalue';
import { expect, test } from './support/test';
import { api } from './support/checkout';
import { E2E_API_URL, E2E_SITES } from './support/sites';

// Abuse limits, tried as an attacker would: plain HTTP against the site and the store API.

const unique = () => `${Date.now()}-${Math.random().toString(16).slice(2)}`;

/** A guest lookup as the order lookup's form posts it (its action, as the island calls it): what it came to. */
async function postLookup(request: APIRequestContext, email: string, orderNo: string): Promise<string> {
  const answer = await request.post('/_actions/orders.lookup/', {
    multipart: { email, mode: 'order', order_no: orderNo },
    headers: { origin: E2E_SITES.marine },
  });
  expect(answer.ok()).toBe(true);
  return (parse(await answer.text()) as { lookup: { state: string } }).lookup.state;
}

test('rating links cannot be minted through the site', async ({ request }) => {
  const minted = await request.get('/api/admin/public/rate_merchant/order-no-encode/600108/');
  expect(minted.status()).toBe(404);
  // The link a shopper was mailed still opens the rating page with its greeting.
  const check = await request.get('/api/admin/public/rate_merchant/NjAwMTA4.sQgNKQrizcc4KagI/');
  expect([200, 409]).toContain(check.status());
});

test('guest order lookups are posted, limited per e-mail, and answer a wrong e-mail like a wrong number', async ({
  request,
}) => {
  // The lookup is no proxied call: its e-mail would be in the address.
  const proxied = await request.get('/api/v2/orders/history/guest/?email=guest%40example.com&order_no=601301');
  expect(proxied.status()).toBe(404);
  expect(await postLookup(request, `nobody-${unique()}@example.com`, '601301')).toBe('notFound');
  expect(await postLookup(request, 'guest@example.com', '609998')).toBe('notFound');

  const email = `guessed-${unique()}@example.com`;
  const states: string[] = [];
  for (let guess = 0; guess < 11; guess += 1) states.push(await postLookup(request, email, String(601400 + guess)));
  expect(states.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 'notFound'));
  expect(states[10]).toBe('limited');
});

test("the order lookup page says when look-ups are limited, in the visitor's language", async ({ page, request }) => {
  const email = `limited-${unique()}@example.com`;
  for (let guess = 0; guess < 10; guess += 1) await postLookup(request, email, String(601500 + guess));
  await page.goto('/es/order-info/');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await page.getByRole('textbox', { name: 'Número de pedido' }).fill('601301');
  await page.getByRole('button', { name: 'Buscar pedido' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Demasiadas consultas por ahora. Espere 15 minutos e inténtelo de nuevo.',
  );
});

test('a GraphQL request of 4,800 aliased carts is refused at once', async ({ request }) => {
  const query = `{ ${Array.from({ length: 4800 }, (_, index) => `c${index}: cart(basketNum: "x") { id }`).join(' ')} }`;
  const answer = await request.post('/api/graphql/', { data: { query } });
  expect(answer.status()).toBe(400);
  const aliases = `{ ${Array.from({ length: 11 }, (_, index) => `c${index}: cart(basketNum: "x") { id }`).join(' ')} }`;
  expect(await (await request.post('/api/graphql/', { data: { query: aliases } })).text()).toContain(
    'too many aliases',
  );
});

test('analytics takes no large bodies and keeps page views without query strings', async ({ page, request }) => {
  const large = await request.post('/api/analytics/', { data: { type: 'page_view', filler: 'x'.repeat(100 * 1024) } });
  expect(large.status()).toBe(413);

  const marker = unique();
  await page.setExtraHTTPHeaders({ referer: `https://mail.example/open?token=secret-${marker}` });
  await page.goto(`/return-policy/?email=someone%40example.com&m=${marker}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page answered before its view was sent: the view goes out with the next batch.
  await expect
    .poll(async () => {
      const events = (
        await api<{ payload: { path: string; referrer: string } }[]>('GET', '__test/analytics?type=page_view')
      ).body;
      return events.filter((event) => event.payload.referrer === 'https://mail.example/open').length;
    })
    .toBeGreaterThan(0);
  const stored = JSON.stringify((await api<unknown[]>('GET', '__test/analytics?type=page_view')).body);
  expect(stored).not.toContain(marker);
  expect(stored).not.toContain('someone%40example.com');
});

test('an add-to-cart link adds at most 50 entries with one call and says so', async ({ page }) => {
  const entries = Array.from({ length: 60 }, () => '2043,1').join(';');
  await page.goto(`/?add-to-cart=${entries}`);
  await expect(page.getByRole('heading', { name: 'Water Pump Impeller' })).toBeVisible();
  await expect(page.getByTestId('item-count')).toHaveText('50');
  await expect(
    page.getByText('a link adds at most 50 products: this one and those after it were not added'),
  ).toBeVisible();
});

test("orders without payment ('ol') are taken only where the store offers them", async ({ request }) => {
  const basketNum = async (store: string, product: number) =>
    (await api<{ BASKETNUM: string }>('POST', `a/item/${product}/1?store_id=${store}`)).body.BASKETNUM;
  const marine = await request.post(`${E2E_SITES.marine}/api/a/checkout/${await basketNum('marine', 2043)}/`, {
    data: { payType: 'ol' },
    headers: { origin: E2E_SITES.marine },
  });
  expect(marine.status()).toBe(400);
  expect(await marine.text()).toContain('payType: ol is not offered by this store');
});

test('the store API answers nosniff, and deeply nested JSON with 400', async ({ request }) => {
  const health = await request.get(`${E2E_API_URL}health`);
  expect(health.headers()['x-content-type-options']).toBe('nosniff');
  const nested = `{"email":"deep@example.com","shippingData":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
  const answer = await request.post(`${E2E_API_URL}v2/customers`, {
    data: nested,
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(400);
  // The customer form's save refuses it too, before anything reaches the store: it is larger than any form.
  const saved = await request.post('/_actions/customerForm.submit/', {
    data: nested,
    headers: { 'content-type': 'application/json', origin: E2E_SITES.marine },
  });
  expect(saved.status()).toBe(413);
});

test('cookies are deleted with the SameSite they were set with', async ({ request }) => {
  const answer = await request.get('/', { headers: { cookie: 'ps_cart_rejected=%5B%5D' }, maxRedirects: 0 });
  const deletion = answer
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('ps_cart_rejected='));
  expect(deletion).toHaveLength(1);
  expect(deletion[0]?.value).toMatch(/SameSite=Strict/i);
});

/**
 * Posts headers that announce `declared` bytes (or a chunked body) and sends only the first
 * kilobyte: an answer that comes back proves the site decided without reading the rest.
 */
function postAnnounced(path: string, body: { declared: number } | 'chunked', contentType: string) {
  const url = new URL(path, E2E_SITES.marine);
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': contentType, origin: E2E_SITES.marine };
    if (body === 'chunked') headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = String(body.declared);
    const sent = httpRequest(url, { method: 'POST', headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, type: String(answer.headers['content-type']), text }),
      );
    });
    sent.on('error', reject);
    sent.write('username='.padEnd(1024, 'x'));
    // The rest of the body never comes: the socket stays open until the site answers.
  });
}

const FIFTY_MB = 50 * 1024 * 1024;

test('a page form or an action announcing 50 MB is refused with 413 before its body is read', async () => {
  for (const path of [
    '/login/?_action=session.login',
    '/signin/?_action=session.login',
    '/recover-password/?_action=session.recoverPassword',
    '/login/',
    '/customer-form/?_action=customerForm.submit',
    '/order-info/',
  ]) {
    const answer = await postAnnounced(path, { declared: FIFTY_MB }, 'application/x-www-form-urlencoded');
    expect([path, answer.status, answer.text]).toEqual([path, 413, 'This form is too large to be sent.']);
  }
  const action = await postAnnounced('/_actions/session.login/', { declared: FIFTY_MB }, 'application/json');
  expect(action.status).toBe(413);
  expect(JSON.parse(action.text)).toMatchObject({ code: 'CONTENT_TOO_LARGE', status: 413 });
  // A body that would have to be read to be measured is refused too.
  const chunked = await postAnnounced(
    '/es/login/?_action=session.login',
    'chunked',
    'application/x-www-form-urlencoded',
  );
  expect([chunked.status, chunked.text]).toEqual([411, 'Este formulario debe enviarse con su longitud.']);
});

test('malformed JSON to an action answers 400 with a short JSON body', async ({ request }) => {
  for (const path of ['/_actions/customerForm.submit/', '/_actions/session.login/', '/login/?_action=session.login']) {
    const answer = await request.post(path, {
      // A Buffer is sent as it is; a string would be encoded as a JSON string.
      data: Buffer.from('{"values": {"email": '),
      headers: { 'content-type': 'application/json', origin: E2E_SITES.marine },
    });
    expect([path, answer.status()]).toEqual([path, 400]);
    expect(answer.headers()['content-type']).toBe('application/json');
    const text = await answer.text();
    expect(text.length).toBeLessThan(200);
    expect(JSON.parse(text)).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
  }
});
