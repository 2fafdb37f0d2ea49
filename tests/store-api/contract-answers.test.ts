import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { modules } from '../../store-api/modules.ts';
import { serverOperations } from '../../store-api/server.ts';
import type { Operation } from '../../store-api/core/operation.ts';
import { startTestApi, type TestApi } from './harness';
import { APPROVED_CARD } from './checkout-fixtures';

const operations: readonly Operation[] = [...serverOperations, ...modules.flatMap((module) => module.operations)];

/** The JSON answer schema the contract gives an operation for a status. */
function answerSchema(method: string, path: string, status: number): z.ZodType {
  const operation = operations.find((op) => op.method === method.toLowerCase() && op.path === path);
  if (!operation) throw new Error(`no operation ${method} ${path}`);
  const response = operation.responses[status] as { content?: Record<string, { schema?: unknown }> } | undefined;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} describes no JSON answer for ${status}`);
  return schema as z.ZodType;
}

// The answers the contract describes are the answers the server gives: real calls, checked
// against the operation's own response schema.
describe('store API answers match the contract', () => {
  let api: TestApi;
  let token = '';
  let refreshToken = '';
  let basketNum = '';

  async function expectAnswer(
    method: string,
    path: string,
    call: string,
    init: Parameters<TestApi['call']>[2] = {},
    status = 200,
  ) {
    const answer = await api.call(method, call, init);
    expect(answer.status, `${method} ${call}`).toBe(status);
    const parsed = answerSchema(method, path, status).safeParse(answer.body);
    expect(parsed.error?.issues ?? [], `${method} ${path}`).toEqual([]);
    return answer.body as Record<string, unknown>;
  }

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('session and account', async () => {
    const headers = { 'x-disable-rate-limit': '1' };
    const session = await expectAnswer('POST', '/v2/auth/login', 'v2/auth/login', {
      body: { username: 'customer@example.com', password: 'Customer123!' },
      headers,
    });
    token = String(session['token']);
    refreshToken = String(session['refreshToken']);
    await expectAnswer(
      'POST',
      '/v2/auth/login',
      'v2/auth/login',
      { body: { username: 'customer@example.com', password: 'wrong' }, headers },
      401,
    );
    await expectAnswer('GET', '/a/user/', 'a/user/', { token });
    await expectAnswer('GET', '/a/user/', 'a/user/', {}, 401);
    await expectAnswer('POST', '/a/user/password', 'a/user/password', { body: { email: 'customer@example.com' } });
    await expectAnswer('POST', '/v2/address/validate', 'v2/address/validate', {
      token,
      body: { street1: '1 Main St', city: 'Salt Lake City', state: 'UT', zip: '84101', country: 'US' },
    });
    await expectAnswer(
      'POST',
      '/v2/address/validate',
      'v2/address/validate',
      { token, body: { street1: 'Main St', city: 'Nowhere', state: 'UT', zip: '84101', country: 'US' } },
      422,
    );
  });

  it('basket', async () => {
    const added = await expectAnswer('POST', '/a/item/{productId}/{qty}', 'a/item/1374449/2', { token });
    basketNum = String(added['BASKETNUM']);
    const basket = await expectAnswer('GET', '/a/basket/{basketNum}', `a/basket/${basketNum}`, { token });
    const line = (basket['BASKET'] as { mfg_account_id: number; sku: string }[])[0];
    await expectAnswer('PATCH', '/a/item/{productId}/{qty}', 'a/item/1374449/3', { token, body: { basketNum } });
    await expectAnswer('POST', '/a/basket/bulk', 'a/basket/bulk', {
      token,
      body: {
        basketNum,
        items: [
          { product_id: 2043, quantity: 1 },
          { product_id: 2043, quantity: 0 },
        ],
      },
    });
    await expectAnswer('POST', '/a/basket/{basketNum}', `a/basket/${basketNum}?language_id=es`, { token });
    await expectAnswer('GET', '/v2/suggest/products', `v2/suggest/products?basketnum=${basketNum}`, { token });
    await expectAnswer('GET', '/v2/group/{mfgAccountId}/{sku}', `v2/group/${line?.mfg_account_id}/${line?.sku}`);
    await expectAnswer('GET', '/a/basket/{basketNum}', 'a/basket/nosuchbasket', {}, 404);
    const other = await expectAnswer('POST', '/a/basket', 'a/basket', { body: { product_id: 2043 } });
    await expectAnswer('POST', '/a/basket/{basketNum}/adopt', `a/basket/${String(other['BASKETNUM'])}/adopt`);
    await expectAnswer('DELETE', '/a/basket/{basketNum}', `a/basket/${String(other['BASKETNUM'])}`);
    await expectAnswer('POST', '/graphql', 'graphql', {
      body: { query: `{ cart(basketNum: "${basketNum}") { id amountTotal } }` },
      token,
    });
  });

  it('checkout and orders', async () => {
    await expectAnswer('POST', '/a/user/shipping/{basketNum}', `a/user/shipping/${basketNum}`, {
      token,
      body: { serviceLevel: '04' },
    });
    await expectAnswer(
      'POST',
      '/a/user/checkout/{basketNum}',
      `a/user/checkout/${basketNum}`,
      { token, body: { ...APPROVED_CARD, payType: 'cc', cardNumber: '4000000000000002' } },
      402,
    );
    await expectAnswer('POST', '/a/user/checkout/{basketNum}', `a/user/checkout/${basketNum}`, {
      token,
      body: APPROVED_CARD,
    });
    await expectAnswer('POST', '/a/checkout', 'a/checkout', {}, 400);
    await expectAnswer('GET', '/v2/orders/history', 'v2/orders/history?legacy_date_range=all', { token });
    await expectAnswer(
      'GET',
      '/v2/orders/history/guest',
      'v2/orders/history/guest?email=guest@example.com&order_no=601301',
    );
    await expectAnswer('DELETE', '/v2/orders/{orderNoDisplay}', 'v2/orders/601101', { token });
    await expectAnswer('DELETE', '/v2/orders/{orderNoDisplay}', 'v2/orders/601103', { token }, 406);
    await expectAnswer('POST', '/v2/orders/claims', 'v2/orders/claims', { token }, 202);
    await expectAnswer('POST', '/a/paypal/{token}', 'a/paypal/unknown-token', {}, 404);
  });

  it('follow-up and widgets', async () => {
    await expectAnswer('GET', '/v2/reports/warehouse-status', 'v2/reports/warehouse-status?format=full_report');
    await expectAnswer('GET', '/v2/reports/warehouse-status', 'v2/reports/warehouse-status');
    for (const number of ['EZ1000000001', 'EZ2000000002', 'PP3000000003', 'TP4000000004'])
      await expectAnswer('GET', '/a/tracking/{trackingNumber}', `a/tracking/${number}`);
    await expectAnswer(
      'GET',
      '/admin/public/rate_merchant/{orderNoEnc}',
      'admin/public/rate_merchant/NjAwMTA4.sQgNKQrizcc4KagI',
    );
    await expectAnswer(
      'GET',
      '/admin/public/rate_merchant/{orderNoEnc}',
      'admin/public/rate_merchant/NjAwMzAz.aV1gUrpBHl8-yMHd',
      {},
      409,
    );
    await expectAnswer('POST', '/analytics', 'analytics', { body: { type: 'page_view', path: '/' } });
    await expectAnswer('GET', '/health', 'health');
    const rotated = await expectAnswer('POST', '/v2/auth/refresh', 'v2/auth/refresh', { body: { refreshToken } });
    await expectAnswer('POST', '/v2/auth/logout', 'v2/auth/logout', {
      body: { refreshToken: String(rotated['refreshToken']) },
    });
  });
});
