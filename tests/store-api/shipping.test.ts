import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { CANADA_ADDRESS, insertBasket, insertCustomer, insertProduct, US_ADDRESS } from './checkout-fixtures';
import { productWeight } from '../../store-api/rules/shipping.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type ShippingAnswer = { selected: string; available: { servicelevel: string; shipping_cost: number }[]; tax: number };
const codes = (body: unknown) => (body as ShippingAnswer).available.map((option) => option.servicelevel);

describe('guest shipping', () => {
  it('offers every US level but free shipping below the threshold and selects standard by default', async () => {
    const product = insertProduct(api.api.ctx.db, { price_discounted: 20 });
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 2 }] });
    const answer = await api.call('POST', `a/shipping/${basket}`);
    expect(answer.status).toBe(200);
    expect(codes(answer.body)).toEqual(['01', '02', '03', '04']);
    expect((answer.body as ShippingAnswer).selected).toBe('04');
  });

  it('offers free no-rush 09 from $99 and stores the chosen level, cost and tax on the basket', async () => {
    const product = insertProduct(api.api.ctx.db, { price_discounted: 50 });
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 2 }] });
    const answer = await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: '09' } });
    expect(answer.status).toBe(200);
    const body = answer.body as ShippingAnswer;
    expect(codes(body)).toEqual(['01', '02', '03', '04', '09']);
    expect(body.selected).toBe('09');
    expect(body.available.find((option) => option.servicelevel === '09')?.shipping_cost).toBe(0);
    // Florida 6% of $100.
    expect(body.tax).toBe(6);
    const row = api.api.ctx.db
      .prepare('SELECT service_level, shipping, tax FROM baskets WHERE basket_num = ?')
      .get(basket);
    expect(row).toEqual({ service_level: '09', shipping: 0, tax: 6 });
  });

  it('shows the new totals in the basket', async () => {
    const product = insertProduct(api.api.ctx.db, { price_discounted: 10 });
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 3 }] });
    const body = (await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: '03' } }))
      .body as ShippingAnswer;
    const cost = body.available.find((option) => option.servicelevel === '03')?.shipping_cost ?? 0;
    const read = await api.call('GET', `a/basket/${basket}`);
    expect(read.status).toBe(200);
    const order = (read.body as { ORDER: { shipping: number; tax: number; orderTotal: number; shiptype: string } })
      .ORDER;
    expect(order).toMatchObject({ shipping: cost, tax: 1.8, shiptype: '03' });
    expect(order.orderTotal).toBeCloseTo(30 + cost + 1.8, 2);
  });

  it('keeps the stored level on a later call without one', async () => {
    const product = insertProduct(api.api.ctx.db);
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }] });
    await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: 'rushNextDay' } });
    const again = await api.call('POST', `a/shipping/${basket}`, { body: {} });
    expect((again.body as ShippingAnswer).selected).toBe('01');
  });

  it('gives international destinations priority, economy and parcel at $9.95 a pound, no tax', async () => {
    const product = insertProduct(api.api.ctx.db, { price_discounted: 200 });
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }], guest: CANADA_ADDRESS });
    const answer = await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: '07' } });
    expect(answer.status).toBe(200);
    const body = answer.body as ShippingAnswer;
    expect(codes(body)).toEqual(['05', '06', '07']);
    const pounds = Math.ceil(productWeight(product.product_id));
    expect(body.available.find((option) => option.servicelevel === '07')?.shipping_cost).toBeCloseTo(9.95 * pounds, 2);
    expect(body.tax).toBe(0);
  });

  it('defaults to the US without a guest record', async () => {
    const product = insertProduct(api.api.ctx.db);
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }], guest: null });
    expect(codes((await api.call('POST', `a/shipping/${basket}`)).body)).toContain('04');
  });

  it('refuses a level the destination does not offer, an unknown level and bad bodies with 400', async () => {
    const product = insertProduct(api.api.ctx.db);
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }], guest: CANADA_ADDRESS });
    expect(await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: '04' } })).toMatchObject({
      status: 400,
    });
    expect(await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: 'teleport' } })).toMatchObject({
      status: 400,
      body: { message: 'serviceLevel: unknown service level' },
    });
    expect((await api.call('POST', `a/shipping/${basket}`, { body: '{oops' })).status).toBe(400);
    expect((await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: ['01'] } })).status).toBe(400);
  });

  it('answers 404 for an unknown basket and 400 for an empty one', async () => {
    expect(await api.call('POST', 'a/shipping/nope')).toMatchObject({
      status: 404,
      body: { message: 'basket not found' },
    });
    const basket = insertBasket(api.api.ctx.db);
    expect(await api.call('POST', `a/shipping/${basket}`)).toMatchObject({
      status: 400,
      body: { message: 'basket is empty' },
    });
  });
});

describe('customer shipping', () => {
  it('uses the customer address and needs a token', async () => {
    const { token, claims } = await insertCustomer(api, { ...US_ADDRESS, state: 'CA' });
    const product = insertProduct(api.api.ctx.db, { price_discounted: 100 });
    const basket = insertBasket(api.api.ctx.db, {
      lines: [{ product, quantity: 1 }],
      guest: null,
      userId: claims.userid,
    });
    expect((await api.call('POST', `a/user/shipping/${basket}`)).status).toBe(401);
    const answer = await api.call('POST', `a/user/shipping/${basket}`, { token, body: { serviceLevel: '03' } });
    expect(answer.status).toBe(200);
    expect((answer.body as ShippingAnswer).tax).toBe(7.25);
  });

  it("does not show another customer's basket", async () => {
    const owner = await insertCustomer(api);
    const other = await insertCustomer(api);
    const product = insertProduct(api.api.ctx.db);
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }], userId: owner.claims.userid });
    expect((await api.call('POST', `a/user/shipping/${basket}`, { token: other.token })).status).toBe(404);
  });
});
