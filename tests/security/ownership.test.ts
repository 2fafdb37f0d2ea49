import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../store-api/harness';
import { newBasket } from '../store-api/fixtures';
import { APPROVED_CARD } from '../store-api/checkout-fixtures';

/** A basket number alone is no proof of ownership: the guest's key (or the customer) is. */
const owner = { 'x-basket-key': 'owner-key-0123456789abcdef' };
const stranger = { 'x-basket-key': 'stranger-key-0123456789abcdef' };
const shippingData = {
  firstName: 'Rita',
  lastName: 'Dock',
  address1: '100 Harbor Dr',
  city: 'San Diego',
  state: 'CA',
  zip: '92101',
  country: 'US',
};
const guestRecord = { email: 'rita@example.com', shippingData, billToShip: true, subscription: 0 };
const attackerAddress = { ...shippingData, firstName: 'Mallory', address1: '1 Drop Box Rd' };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function guestBasket(): Promise<string> {
  const basketNum = await newBasket(api);
  expect((await api.call('POST', `/a/guest/${basketNum}`, { body: guestRecord, headers: owner })).status).toBe(200);
  return basketNum;
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await api.call('POST', '/v2/auth/login', {
    body: { username: email, password },
    headers: { 'x-disable-rate-limit': '1' },
  });
  return (answer.body as { token: string }).token;
}

describe('a guest checkout belongs to the key that wrote its guest record', () => {
  it('answers the guest record to its owner only', async () => {
    const basketNum = await guestBasket();
    expect((await api.call('GET', `/a/guest/${basketNum}`, { headers: owner })).status).toBe(200);
    for (const headers of [{}, stranger]) {
      const answer = await api.call('GET', `/a/guest/${basketNum}`, { headers });
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Rita');
    }
  });

  it('refuses to rewrite the ship-to without the key', async () => {
    const basketNum = await guestBasket();
    const rewrite = await api.call('POST', `/a/guest/${basketNum}`, {
      body: { ...guestRecord, shippingData: attackerAddress },
      headers: stranger,
    });
    expect(rewrite.status).toBe(404);
    const record = (await api.call('GET', `/a/guest/${basketNum}`, { headers: owner })).body as {
      shippingData: { firstName: string };
    };
    expect(record.shippingData.firstName).toBe('Rita');
  });

  it('needs a key to write the first guest record', async () => {
    const basketNum = await newBasket(api);
    expect(await api.call('POST', `/a/guest/${basketNum}`, { body: guestRecord })).toMatchObject({
      status: 400,
      body: { message: 'X-Basket-Key: required' },
    });
  });

  it('hides, keeps and protects the basket from REST calls by number', async () => {
    const basketNum = await guestBasket();
    expect((await api.call('GET', `/a/basket/${basketNum}`, { headers: stranger })).status).toBe(404);
    expect((await api.call('PATCH', '/a/item/1374449/5', { body: { basketNum }, headers: stranger })).status).toBe(404);
    expect((await api.call('POST', `/a/item/1374449/1?basketNum=${basketNum}`, { headers: stranger })).status).toBe(
      404,
    );
    expect((await api.call('DELETE', `/a/basket/${basketNum}`, { headers: stranger })).status).toBe(404);
    expect((await api.call('GET', `/v2/suggest/products?basketnum=${basketNum}`)).status).toBe(404);
    const mine = (await api.call('GET', `/a/basket/${basketNum}`, { headers: owner })).body as {
      BASKET: { quantity: number }[];
    };
    expect(mine.BASKET.map((line) => line.quantity)).toEqual([1]);
  });

  it('hides the basket from GraphQL and refuses its mutations', async () => {
    const basketNum = await guestBasket();
    const query = (text: string, headers: Record<string, string>) =>
      api.call('POST', '/graphql', { body: { query: text }, headers });
    const read = await query(`{ cart(basketNum: "${basketNum}") { basketNum } }`, stranger);
    expect(read.body).toMatchObject({ data: { cart: null } });
    const clear = await query(`mutation { cartClear(basketNum: "${basketNum}") { basketNum } }`, stranger);
    expect(JSON.stringify(clear.body)).toContain('basket not found');
    const mine = await query(`{ cart(basketNum: "${basketNum}") { orderLines { quantity } } }`, owner);
    expect(mine.body).toMatchObject({ data: { cart: { orderLines: [{ quantity: 1 }] } } });
  });

  it('returns a stored receipt to its owner only, and prices shipping for the owner only', async () => {
    const basketNum = await guestBasket();
    expect((await api.call('POST', `/a/shipping/${basketNum}`, { body: {}, headers: stranger })).status).toBe(404);
    const placed = await api.call('POST', `/a/checkout/${basketNum}`, { body: APPROVED_CARD, headers: owner });
    expect(placed.status).toBe(200);
    const replay = await api.call('POST', `/a/checkout/${basketNum}`, { body: APPROVED_CARD, headers: stranger });
    expect(replay.status).toBe(404);
    expect(JSON.stringify(replay.body)).not.toContain('Rita');
    expect((await api.call('POST', `/a/checkout/${basketNum}`, { body: APPROVED_CARD, headers: owner })).body).toEqual(
      placed.body,
    );
  });

  it("adopting someone else's number starts a new basket with the same items and none of the personal data", async () => {
    const basketNum = await guestBasket();
    const adopted = await api.call('POST', `/a/basket/${basketNum}/adopt`, { headers: stranger });
    const copy = (adopted.body as { BASKETNUM: string }).BASKETNUM;
    expect(copy).not.toBe(basketNum);
    const lines = (await api.call('GET', `/a/basket/${copy}`, { headers: stranger })).body as {
      BASKET: { product_id: number; quantity: number }[];
    };
    expect(lines.BASKET).toMatchObject([{ product_id: 1374449, quantity: 1 }]);
    expect((await api.call('GET', `/a/guest/${copy}`, { headers: stranger })).status).toBe(404);
    // The owner, and anyone with a basket that holds no personal data, keeps the same number.
    expect((await api.call('POST', `/a/basket/${basketNum}/adopt`, { headers: owner })).body).toEqual({
      BASKETNUM: basketNum,
    });
    const open = await newBasket(api);
    expect((await api.call('POST', `/a/basket/${open}/adopt`, { headers: stranger })).body).toEqual({
      BASKETNUM: open,
    });
  });
});

describe("a customer's basket", () => {
  it('cannot be re-assigned to another customer through PATCH v2/customers', async () => {
    const victim = await signIn('customer@example.com', 'Customer123!');
    const basket = (await api.call('POST', '/a/item/1374449/1', { token: victim })).body as { BASKETNUM: string };
    const attacker = await signIn('acai@example.com', 'Acai12345!');
    const me = (await api.call('GET', '/a/user/', { token: attacker })).body as { user: { id: number; email: string } };
    const update = {
      userid: me.user.id,
      email: me.user.email,
      shippingData,
      billToShip: true,
      basketNum: basket.BASKETNUM,
    };
    expect((await api.call('PATCH', '/v2/customers', { body: update, token: attacker })).status).toBe(200);
    expect((await api.call('POST', `/a/user/shipping/${basket.BASKETNUM}`, { body: {}, token: attacker })).status).toBe(
      404,
    );
    expect((await api.call('POST', `/a/user/shipping/${basket.BASKETNUM}`, { body: {}, token: victim })).status).toBe(
      200,
    );
    expect((await api.call('DELETE', `/a/basket/${basket.BASKETNUM}`, { token: attacker })).status).toBe(404);
  });
});

describe('wallet payment links', () => {
  async function walletToken(): Promise<{ basketNum: string; token: string }> {
    const basketNum = await guestBasket();
    const answer = await api.call('POST', `/a/checkout/${basketNum}`, { body: { payType: 'pp' }, headers: owner });
    const url = (answer.body as { PAYPAL_URL: string }).PAYPAL_URL;
    const token = url.split('/').pop()!;
    expect((await fetch(`${url}?decision=approve`, { redirect: 'manual' })).status).toBe(303);
    return { basketNum, token };
  }

  it('confirm and answer the receipt to the basket owner only', async () => {
    const { token } = await walletToken();
    const stolen = await api.call('POST', `/a/paypal/${token}`, { headers: stranger });
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(stolen.body)).not.toContain('Rita');
    expect(await api.call('POST', `/a/paypal/${token}`, { headers: owner })).toMatchObject({
      status: 200,
      body: { CODE: 0 },
    });
    expect((await api.call('POST', `/a/paypal/${token}`, { headers: stranger })).status).toBe(404);
  });

  it('expire an hour after checkout', async () => {
    const { token } = await walletToken();
    api.api.ctx.db
      .prepare('UPDATE wallet_payments SET created_at = ? WHERE token = ?')
      .run(new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(), token);
    expect((await api.call('POST', `/a/paypal/${token}`, { headers: owner })).status).toBe(404);
    expect((await api.call('GET', `/paypal/approve/${token}`)).status).toBe(404);
  });

  it('keep the token out of the Referer of the approval page', async () => {
    const { token } = await walletToken();
    const page = await api.call('GET', `/paypal/approve/${token}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
