import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetBudgets,
  handleBulkLookup,
  lookupLineOf,
  LOOKUP_CONTENT_TYPE,
  type LookupDeps,
  type LookupOutput,
} from '~/features/bulk-add/bulk-add.server';
import { LOOKUP_BURST, LOOKUP_CONCURRENCY, MAX_LOOKUP_PARTS } from '~/features/bulk-add/bulk-add';
import { runWithRequest } from '~/lib/server/observability/request-context';
import { deadlineAfter } from '~/lib/server/request-deadline';
import { TEST_PROXY_MESSAGES } from '../../support/proxy-messages';

interface Upstream {
  path: string;
  headers: Headers;
}

let calls: Upstream[];
let inFlight: number;
let peak: number;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const product = (sku: string) => ({
  product_id: Number(sku.replace(/\D/g, '')),
  sku,
  name: `Part ${sku}`,
  base_price: 5,
  ship_class: 'now',
  customer_can_buy: 1,
  inventory: 12,
  supplier_name: 'kept on the server',
});

/** The store API's lookup: a product for P… numbers, none otherwise, each answered after `delay`. */
function catalogue(delay: (sku: string) => number = () => 0) {
  return async (call: Upstream): Promise<Response> => {
    const sku = decodeURIComponent(call.path.split('?')[0]?.split('/')[4] ?? '');
    await new Promise((resolve) => setTimeout(resolve, delay(sku)));
    return json({ mfg_account_id: 1, products: sku.startsWith('P') ? [product(sku)] : [] });
  };
}

function deps(answer: (call: Upstream) => Promise<Response>, overrides: Partial<LookupDeps> = {}): LookupDeps {
  return {
    baseUrl: 'http://api.test/',
    timeoutMs: 500,
    production: false,
    siteOrigins: ['http://site.test'],
    secureCookies: false,
    storeId: 'cycle',
    messages: TEST_PROXY_MESSAGES,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const call = { path: `${url.pathname}${url.search}`, headers: request.headers };
      calls.push(call);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      try {
        return await answer(call);
      } finally {
        inFlight -= 1;
      }
    },
    ...overrides,
  };
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request('http://site.test/api/bulk-lookup/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://site.test', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const visitor = { accessToken: undefined, refreshToken: undefined };

async function linesOf(output: LookupOutput): Promise<unknown[]> {
  expect(output.body).toBeInstanceOf(ReadableStream);
  const text = await new Response(output.body as ReadableStream<Uint8Array>).text();
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

const parts = (count: number) => Array.from({ length: count }, (_, i) => `P${1000 + i}`);

beforeEach(() => {
  calls = [];
  inFlight = 0;
  peak = 0;
  forgetBudgets();
});

describe('the line of one store-API answer', () => {
  it('is the first product with only what a card shows, none, or failed', () => {
    expect(lookupLineOf(200, { products: [product('P1'), product('P2')] })).toEqual({
      product: {
        product_id: 1,
        sku: 'P1',
        name: 'Part P1',
        base_price: 500,
        unit_price: '5',
        ship_class: 'now',
        customer_can_buy: 1,
      },
    });
    expect(lookupLineOf(200, { products: [] })).toEqual({ product: null });
    // The cart's unit price is the discounted one, exactly as the store sent it, fractions of a cent included.
    const discounted = (pricediscounted: number) =>
      lookupLineOf(200, { products: [{ ...product('P1'), pricediscounted }] });
    expect(discounted(4.5)).toMatchObject({ product: { base_price: 500, unit_price: '4.5' } });
    expect(discounted(4.455)).toMatchObject({ product: { base_price: 500, unit_price: '4.455' } });
    expect(lookupLineOf(500, { message: 'boom' })).toEqual({ failed: true });
    expect(lookupLineOf(200, 'not json')).toEqual({ failed: true });
    expect(lookupLineOf(400, { products: [] })).toEqual({ failed: true });
  });
});

describe('batch lookup', () => {
  it('answers one line per part in the order asked, though the lookups finish out of order', async () => {
    const asked = [...parts(30), 'NOPE1', 'P77'];
    // Later parts answer sooner: only the in-order hand-on keeps the lines in the order asked.
    const output = await handleBulkLookup(deps(catalogue((sku) => (Number(sku.replace(/\D/g, '')) * 5) % 9)), {
      ...visitor,
      request: post({ mfg: 1, parts: asked }),
    });
    expect(output.status).toBe(200);
    expect(output.headers.get('content-type')).toBe(LOOKUP_CONTENT_TYPE);
    expect(output.headers.get('cache-control')).toBe('no-store');
    const lines = await linesOf(output);
    expect(lines.map((line) => (line as { product: { sku: string } | null }).product?.sku ?? null)).toEqual([
      ...parts(30),
      null,
      'P77',
    ]);
    expect(peak).toBeLessThanOrEqual(LOOKUP_CONCURRENCY);
    expect(peak).toBeGreaterThan(1);
  });

  it("asks the store API for this site's store and the manufacturer, with the visitor's address", async () => {
    const output = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      clientAddress: '203.0.113.9',
      request: post({ mfg: 10, parts: ['P1', 'A/B-2'] }, { 'x-disable-rate-limit': '1', cookie: 'x=1' }),
    });
    await linesOf(output);
    expect(calls.map((call) => call.path)).toEqual([
      '/v2/group/10/P1?store_id=cycle',
      '/v2/group/10/A%2FB-2?store_id=cycle',
    ]);
    expect(calls[0]?.headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(calls[0]?.headers.get('x-disable-rate-limit')).toBe('1');
    expect(calls[0]?.headers.get('cookie')).toBeNull();
    expect(calls[0]?.headers.get('content-type')).toBeNull();
  });

  it('passes the rate-limit switch on only outside production', async () => {
    const output = await handleBulkLookup(deps(catalogue(), { production: true }), {
      ...visitor,
      request: post({ mfg: 1, parts: ['P1'] }, { 'x-disable-rate-limit': '1' }),
    });
    await linesOf(output);
    expect(calls[0]?.headers.get('x-disable-rate-limit')).toBeNull();
  });

  it('marks a part the store API did not answer as failed and goes on with the others', async () => {
    const output = await handleBulkLookup(
      deps(async (call) => {
        if (call.path.includes('/P1001')) return json({ message: 'boom' }, 500);
        if (call.path.includes('/P1002')) throw new TypeError('fetch failed');
        return catalogue()(call);
      }),
      { ...visitor, request: post({ mfg: 1, parts: parts(4) }) },
    );
    const lines = await linesOf(output);
    expect(lines.map((line) => ('failed' in (line as object) ? 'failed' : 'found'))).toEqual([
      'found',
      'failed',
      'failed',
      'found',
    ]);
  });

  it("gives each part after the first its own wait, not what is left of the request's deadline", async () => {
    // The deadline passes while the first part is looked up; the stream has begun by then.
    const output = await runWithRequest({ requestId: 'bulk', deadline: deadlineAfter(150) }, () =>
      handleBulkLookup(deps(catalogue(() => 100)), { ...visitor, request: post({ mfg: 1, parts: parts(3) }) }),
    );
    const lines = await linesOf(output);
    expect(lines.map((line) => ('failed' in (line as object) ? 'failed' : 'found'))).toEqual([
      'found',
      'found',
      'found',
    ]);
  });

  it.each([
    ['no parts', { mfg: 1, parts: [] }],
    ['more parts than a batch holds', { mfg: 1, parts: parts(MAX_LOOKUP_PARTS + 1) }],
    ['a line that is no part number', { mfg: 1, parts: ['P1', 'two words'] }],
    ['a part number too long', { mfg: 1, parts: [`P${'1'.repeat(64)}`] }],
    ['no manufacturer', { parts: ['P1'] }],
    ['a manufacturer that is no number', { mfg: '1', parts: ['P1'] }],
    ['a field of its own', { mfg: 1, parts: ['P1'], store_id: 'marine' }],
    ['text that is no JSON', '{"mfg": 1, "parts": ['],
  ])('refuses %s with 400 before asking the store API', async (_, body) => {
    const output = await handleBulkLookup(deps(catalogue()), { ...visitor, request: post(body) });
    expect(output.status).toBe(400);
    expect(JSON.parse(output.body as string)).toEqual({ message: 'unreadable' });
    expect(calls).toEqual([]);
  });

  it('takes the parts a batch holds and refuses a body larger than that', async () => {
    const full = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      request: post({ mfg: 1, parts: Array.from({ length: MAX_LOOKUP_PARTS }, (_, i) => `P${'1'.repeat(60)}${i}`) }),
    });
    expect(await linesOf(full)).toHaveLength(MAX_LOOKUP_PARTS);
    calls = [];
    const huge = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      request: post({ mfg: 1, parts: ['P1'], pad: 'x'.repeat(40_000) }),
    });
    expect(huge.status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('refuses another site, other methods and other content types', async () => {
    const foreign = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      request: post({ mfg: 1, parts: ['P1'] }, { origin: 'https://evil.example' }),
    });
    expect(foreign.status).toBe(403);
    const fetchSite = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      request: post({ mfg: 1, parts: ['P1'] }, { 'sec-fetch-site': 'cross-site' }),
    });
    expect(fetchSite.status).toBe(403);
    const read = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      request: new Request('http://site.test/api/bulk-lookup/'),
    });
    expect(read.status).toBe(405);
    expect(read.headers.get('allow')).toBe('POST');
    const form = await handleBulkLookup(deps(catalogue()), {
      ...visitor,
      request: post('mfg=1&parts=P1', { 'content-type': 'application/x-www-form-urlencoded' }),
    });
    expect(form.status).toBe(415);
    expect(calls).toEqual([]);
  });

  it("sends the visitor's token and exchanges an expired one first, setting the new cookies", async () => {
    const output = await handleBulkLookup(
      deps(async (call) => {
        if (call.path === '/v2/auth/refresh') return json({ token: 'new-acc', refreshToken: 'new-ref' });
        return call.headers.get('authorization') === 'Bearer new-acc'
          ? catalogue()(call)
          : json({ message: 'token expired' }, 401);
      }),
      { accessToken: 'old-acc', refreshToken: 'old-ref', request: post({ mfg: 1, parts: parts(3) }) },
    );
    expect(output.status).toBe(200);
    expect(await linesOf(output)).toHaveLength(3);
    expect(calls.map((call) => call.path.split('?')[0])).toEqual([
      '/v2/group/1/P1000',
      '/v2/auth/refresh',
      '/v2/group/1/P1000',
      '/v2/group/1/P1001',
      '/v2/group/1/P1002',
    ]);
    expect(calls.at(-1)?.headers.get('authorization')).toBe('Bearer new-acc');
    const values = Object.fromEntries(output.cookies.flatMap((op) => ('value' in op ? [[op.name, op.value]] : [])));
    expect(values['ps_access']).toBe('new-acc');
    expect(values['ps_refresh']).toBe('new-ref');
  });

  it('answers a session that is over with 401 and the logged-out marker, streaming nothing', async () => {
    const output = await handleBulkLookup(
      deps((call) =>
        Promise.resolve(
          call.path === '/v2/auth/refresh'
            ? json({ message: 'invalid refresh token' }, 401)
            : json({ message: 'token expired' }, 401),
        ),
      ),
      { accessToken: 'old-acc', refreshToken: 'old-ref', request: post({ mfg: 1, parts: parts(5) }) },
    );
    expect(output.status).toBe(401);
    expect(output.headers.get('x-logged-out')).toBe('1');
    expect(output.cookies.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.path.startsWith('/v2/group/'))).toHaveLength(1);
  });

  it('starts no more lookups once the browser has gone', async () => {
    const output = await handleBulkLookup(deps(catalogue(() => 5)), {
      ...visitor,
      request: post({ mfg: 1, parts: parts(100) }),
    });
    const reader = (output.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    const started = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started).toBeLessThan(100);
    expect(calls.length).toBeLessThanOrEqual(started + LOOKUP_CONCURRENCY);
  });

  it('slows a visitor who looks up more than the budget holds, without asking the store API, and no one else', async () => {
    const full = Array.from({ length: MAX_LOOKUP_PARTS }, (_, i) => `Q${i}`);
    // The clock stands still, so no part is refilled however long a loaded machine takes.
    const now = Date.now();
    const batch = (clientAddress: string, headers: Record<string, string> = {}, production = false) =>
      handleBulkLookup(deps(catalogue(), { production, now: () => now }), {
        ...visitor,
        clientAddress,
        request: post({ mfg: 1, parts: full }, headers),
      });
    for (let i = 0; i < LOOKUP_BURST / MAX_LOOKUP_PARTS; i += 1) {
      const answered = await batch('198.51.100.1');
      expect(answered.status).toBe(200);
      // Read to its end, so no lookup of an allowed batch is still on its way when the refused one is counted.
      await linesOf(answered);
    }
    calls = [];
    const refused = await batch('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(calls).toEqual([]);
    expect((await batch('198.51.100.2')).status).toBe(200);
    // The journeys' switch, as the proxy passes it on: outside production only.
    expect((await batch('198.51.100.1', { 'x-disable-rate-limit': '1' })).status).toBe(200);
    expect((await batch('198.51.100.1', { 'x-disable-rate-limit': '1' }, true)).status).toBe(429);
  });
});
