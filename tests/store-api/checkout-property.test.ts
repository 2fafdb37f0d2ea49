import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { insertBasket, insertCustomer, insertProduct } from './checkout-fixtures';
import { encodeOrderNo } from '../../store-api/rules/rating.ts';

let api: TestApi;
let token: string;
let basket: string;
beforeAll(async () => {
  api = await startTestApi();
  token = (await insertCustomer(api)).token;
  const product = insertProduct(api.api.ctx.db);
  basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }] });
});
afterAll(() => api.close());

/** Any JSON value, or raw text that may not be JSON at all. */
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'payType',
      'cardNumber',
      'csv',
      'exp_month',
      'exp_year',
      'serviceLevel',
      'siteOrigin',
      'order_notes',
      'store_rating',
      'shopping_experience',
      'repair_time',
      'repair_difficulty',
      'cancellation_reason',
      'cancellation_note',
    ),
    fc.jsonValue(),
  ),
  fc.record({
    payType: fc.constantFrom('cc', 'pp', 'ol', 'xx'),
    cardNumber: fc.oneof(fc.string(), fc.constant('4111111111111111')),
    csv: fc.string(),
    exp_month: fc.oneof(fc.string(), fc.integer()),
    exp_year: fc.oneof(fc.string(), fc.integer()),
  }),
  fc.string().map((text) => ({ raw: text })),
);
const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constant('601104'),
  fc.constant(encodeOrderNo('600108')),
);

function send(method: string, path: string, value: unknown, auth = false) {
  const raw =
    typeof value === 'object' && value !== null && 'raw' in value ? (value as { raw: string }).raw : undefined;
  return api.call(method, path, { body: raw ?? JSON.stringify(value ?? null), ...(auth ? { token } : {}) });
}

describe('write endpoints never answer 5xx', () => {
  const endpoints: [string, (seg: string) => string, boolean][] = [
    ['POST', (seg) => `a/shipping/${seg}`, false],
    ['POST', (seg) => `a/user/shipping/${seg}`, true],
    ['POST', (seg) => `a/checkout/${seg}`, false],
    ['POST', (seg) => `a/user/checkout/${seg}`, true],
    ['POST', (seg) => `a/paypal/${seg}`, false],
    ['DELETE', (seg) => `v2/orders/${seg}`, true],
    ['POST', (seg) => `admin/public/rate_merchant/${seg}`, false],
  ];

  for (const [method, path, auth] of endpoints) {
    it(`${method} ${path('{x}')}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.constant(basket), segment), body, async (seg, value) => {
          const answer = await send(method, path(encodeURIComponent(seg)), value, auth);
          expect(answer.status, JSON.stringify({ seg, value, answer: answer.body })).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    });
  }
});
