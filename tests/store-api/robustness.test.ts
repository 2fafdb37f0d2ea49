import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApi, type TestApi } from './harness';
import { getBasket, newBasket } from './fixtures';

let api: TestApi;
let basket: string;
beforeAll(async () => {
  api = await startTestApi();
  basket = await newBasket(api);
});
afterAll(() => api.close());

const segment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 99999999 }).map(String),
  fc.constantFrom('1374449', '2043', '0', '-1', '1e3', '%00', '..'),
);
const json = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      basketNum: fc.string(),
      product_id: fc.anything(),
      qty: fc.anything(),
      items: fc.anything(),
      username: fc.anything(),
      password: fc.anything(),
      email: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);
const WRITES: [string, (a: string, b: string) => string][] = [
  ['POST', (a, b) => `/a/item/${a}/${b}`],
  ['PATCH', (a, b) => `/a/item/${a}/${b}`],
  ['POST', (a) => `/a/basket/${a}?language_id=${a}`],
  ['POST', () => '/a/basket'],
  ['POST', () => '/a/basket/bulk'],
  ['DELETE', (a) => `/a/basket/${a}`],
  ['POST', () => '/v2/auth/login'],
  ['POST', () => '/v2/auth/refresh'],
  ['POST', () => '/v2/auth/logout'],
  ['POST', () => '/v2/customers'],
  ['POST', () => '/v2/customers/subscribers'],
  ['POST', () => '/a/user/password'],
  ['POST', (a) => `/a/guest/${a}`],
  ['POST', () => '/v2/address/validate'],
  ['POST', () => '/analytics'],
  ['POST', () => '/graphql'],
];

describe('no input gives a 5xx', () => {
  it('survives random bodies and paths on every write endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: WRITES.length - 1 }),
        segment,
        segment,
        fc.oneof(json, fc.string()),
        fc.boolean(),
        async (index, a, b, body, raw) => {
          const [method, path] = WRITES[index] as [string, (a: string, b: string) => string];
          const url = path(encodeURIComponent(a) || 'x', encodeURIComponent(b) || '1');
          const res = await api.call(method, url, {
            body: raw && typeof body === 'string' ? body : (body ?? null),
            headers: { 'x-disable-rate-limit': '1' },
          });
          expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('survives random edits of a real basket', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('1374449', '2043', '15732'),
        fc.integer({ min: -3, max: 20000 }),
        fc.boolean(),
        async (product, qty, patch) => {
          const res = patch
            ? await api.call('PATCH', `/a/item/${product}/${qty}`, { body: { basketNum: basket } })
            : await api.call('POST', `/a/item/${product}/${qty}?basketNum=${basket}`);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
    expect((await api.call('GET', `/a/basket/${basket}`)).status).toBe(200);
  });

  it('answers odd GraphQL documents without a 5xx', async () => {
    for (const query of [
      '',
      '{',
      'query { cart(basketNum: 5) { id } }',
      'mutation { cartClear(basketNum: "x") { id } }',
      '{ __typename }',
    ]) {
      expect((await api.call('POST', '/graphql', { body: { query } })).status).toBeLessThan(500);
    }
  });
});

describe('file database', () => {
  it('keeps baskets and accounts across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-api-'));
    const dbPath = join(dir, 'store.db');
    try {
      const first = await startTestApi({ dbPath });
      const num = await newBasket(first, 2043, 3);
      await first.call('POST', `/a/item/1374449/1?basketNum=${num}`);
      const before = await getBasket(first, num);
      await first.call('POST', '/v2/customers/subscribers', {
        body: {
          fname: 'Ada',
          lname: 'Reef',
          email: 'ada@example.com',
          password: 'Coral-55',
          passwordConfirm: 'Coral-55',
        },
      });
      await first.close();
      first.api.ctx.db.close();

      const second = await startTestApi({ dbPath });
      expect(await getBasket(second, num)).toEqual(before);
      expect(
        (await second.call('POST', '/v2/auth/login', { body: { username: 'ada@example.com', password: 'Coral-55' } }))
          .status,
      ).toBe(200);
      const count = second.api.ctx.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
      expect(count.n).toBeGreaterThan(6000);
      await second.close();
      second.api.ctx.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds a fresh database quickly', async () => {
    const started = performance.now();
    const fresh = await startTestApi();
    const elapsed = performance.now() - started;
    await fresh.close();
    expect(elapsed).toBeLessThan(3000);
  });
});
