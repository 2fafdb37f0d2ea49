import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { APPROVED_CARD, insertBasket, insertCustomer, insertProduct } from './checkout-fixtures';
import { hashBasketKey } from '../../store-api/core/basket-key.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    siteOrigins: ['http://shop.test', 'http://cycle.test'],
    payLaterStores: ['marine', 'cycle'],
  });
});
afterAll(() => api.close());

interface ReceiptAnswer {
  RECEIPT: {
    ORDER_NO: number;
    JSONINVOICE: {
      order_no_display: number;
      invoice_num: string;
      date_ordered: string;
      order_items: { sku: string; quantity: number; price: number; your_price: number; ext_price: number }[];
      subtotal: number;
      tax: number;
      ship_type: string;
      ship_charge: number;
      total: number;
      shipping: { city: string } | null;
      billing: { city: string } | null;
    };
    GAITEMS: { sku: string; manufacturer: string; quantity: number; price: number }[];
    GAORDER: { order_no: number; display_name: string; ordertotal: number; tax: number; shipping: number };
  };
}

function basketWith(price = 35.5, quantity = 2) {
  const product = insertProduct(api.api.ctx.db, { price_discounted: price, base_price: price + 5, mfg_account_id: 2 });
  return { product, basket: insertBasket(api.api.ctx.db, { lines: [{ product, quantity }] }) };
}

const orderCount = (basket: string) =>
  (api.api.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE basket_num = ?').get(basket) as { n: number }).n;

describe('guest checkout by card', () => {
  it('answers the receipt with invoice, analytics order and items', async () => {
    const { product, basket } = basketWith(35.5, 2);
    const answer = await api.call('POST', `a/checkout/${basket}`, {
      body: { ...APPROVED_CARD, order_notes: 'engine 90HP' },
    });
    expect(answer.status).toBe(200);
    const { RECEIPT } = answer.body as ReceiptAnswer;
    const invoice = RECEIPT.JSONINVOICE;
    expect(invoice.order_no_display).toBe(RECEIPT.ORDER_NO + 1000);
    expect(invoice.date_ordered).toMatch(/^\d{14}$/);
    expect(invoice.order_items).toEqual([
      { sku: product.sku, name: product.name, quantity: 2, price: 40.5, your_price: 35.5, ext_price: 71 },
    ]);
    expect(invoice.subtotal).toBe(71);
    expect(invoice.ship_type).toBe('standard');
    expect(invoice.tax).toBe(4.26);
    expect(invoice.total).toBeCloseTo(71 + invoice.ship_charge + 4.26, 2);
    expect(invoice.shipping?.city).toBe('Tampa');
    expect(invoice.billing?.city).toBe('Tampa');
    expect(RECEIPT.GAORDER).toEqual({
      order_no: RECEIPT.ORDER_NO,
      display_name: String(RECEIPT.ORDER_NO + 1000),
      ordertotal: invoice.total,
      tax: 4.26,
      shipping: invoice.ship_charge,
    });
    expect(RECEIPT.GAITEMS).toEqual([
      { sku: product.sku, name: product.name, manufacturer: 'Mercury', quantity: 2, price: 35.5 },
    ]);
  });

  it('declines the documented declining card with 402 and creates no order', async () => {
    const { basket } = basketWith();
    const answer = await api.call('POST', `a/checkout/${basket}`, {
      body: { ...APPROVED_CARD, cardNumber: '4000000000000002' },
    });
    expect(answer).toMatchObject({ status: 402, body: { message: 'This transaction has been declined.' } });
    expect(orderCount(basket)).toBe(0);
  });

  it('declines a number that fails the Luhn check and an expired card', async () => {
    const { basket } = basketWith();
    expect(
      (await api.call('POST', `a/checkout/${basket}`, { body: { ...APPROVED_CARD, cardNumber: '4111111111111112' } }))
        .status,
    ).toBe(402);
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const expired = {
      ...APPROVED_CARD,
      exp_month: String(lastMonth.getUTCMonth() + 1),
      exp_year: String(lastMonth.getUTCFullYear()),
    };
    if (lastMonth.getUTCFullYear() === new Date().getUTCFullYear())
      expect((await api.call('POST', `a/checkout/${basket}`, { body: expired })).status).toBe(402);
    expect(orderCount(basket)).toBe(0);
  });

  it('accepts other Luhn-valid numbers with spaces', async () => {
    const { basket } = basketWith();
    expect(
      (
        await api.call('POST', `a/checkout/${basket}`, {
          body: { ...APPROVED_CARD, cardNumber: '5555 5555 5555 4444' },
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    ['payload', undefined],
    ['payload', [1, 2]],
    ['payType', { cardNumber: '4111111111111111' }],
    ['cardNumber', { payType: 'cc', csv: '123', exp_month: '1', exp_year: '2030' }],
    ['csv', { payType: 'cc', cardNumber: '4111111111111111', exp_month: '1', exp_year: '2030' }],
    ['exp_month', { payType: 'cc', cardNumber: '4111111111111111', csv: '123', exp_year: '2030' }],
    ['exp_year', { payType: 'cc', cardNumber: '4111111111111111', csv: '123', exp_month: '1' }],
  ])('answers 400 naming a missing %s', async (field, body) => {
    const { basket } = basketWith();
    const answer = await api.call('POST', `a/checkout/${basket}`, body === undefined ? {} : { body });
    expect(answer).toMatchObject({ status: 400, body: { message: `${field}: required` } });
  });

  it('answers 400 naming a missing basket number', async () => {
    expect(await api.call('POST', 'a/checkout', { body: APPROVED_CARD })).toMatchObject({
      status: 400,
      body: { message: 'basketNum: required' },
    });
  });

  it('refuses malformed card fields and pay types with 400', async () => {
    const { basket } = basketWith();
    for (const body of [
      { ...APPROVED_CARD, csv: '12' },
      { ...APPROVED_CARD, exp_month: '13' },
      { ...APPROVED_CARD, exp_year: '1999' },
      { ...APPROVED_CARD, payType: 'cash' },
    ])
      expect((await api.call('POST', `a/checkout/${basket}`, { body })).status).toBe(400);
    expect((await api.call('POST', `a/checkout/${basket}`, { body: '{"payType":' })).status).toBe(400);
  });

  it('answers 404 for an unknown basket and 400 for an empty one', async () => {
    expect((await api.call('POST', 'a/checkout/unknown-basket', { body: APPROVED_CARD })).status).toBe(404);
    const empty = insertBasket(api.api.ctx.db);
    expect(await api.call('POST', `a/checkout/${empty}`, { body: APPROVED_CARD })).toMatchObject({
      status: 400,
      body: { message: 'basket is empty' },
    });
  });

  it('orders a basket at most once: a later submit answers the same receipt', async () => {
    const { basket } = basketWith();
    const first = await api.call('POST', `a/checkout/${basket}`, { body: APPROVED_CARD });
    const second = await api.call('POST', `a/checkout/${basket}`, {
      body: { ...APPROVED_CARD, cardNumber: '4000000000000002' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(orderCount(basket)).toBe(1);
  });

  it('orders a basket once under concurrent submits', async () => {
    const { basket } = basketWith();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.call('POST', `a/checkout/${basket}`, { body: APPROVED_CARD })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const numbers = new Set(answers.map((answer) => (answer.body as ReceiptAnswer).RECEIPT.ORDER_NO));
    expect(numbers.size).toBe(1);
    expect(orderCount(basket)).toBe(1);
  });

  it("submits without payment ('ol'): the order is created, nothing is charged", async () => {
    const { basket } = basketWith();
    const answer = await api.call('POST', `a/checkout/${basket}`, { body: { payType: 'ol' } });
    expect(answer.status).toBe(200);
    const row = api.api.ctx.db.prepare('SELECT pay_type, status FROM orders WHERE basket_num = ?').get(basket);
    expect(row).toEqual({ pay_type: 'ol', status: 'pending' });
  });

  it('shows the chosen shipping in the receipt', async () => {
    const { basket } = basketWith(60, 2);
    await api.call('POST', `a/shipping/${basket}`, { body: { serviceLevel: '09' } });
    const { RECEIPT } = (await api.call('POST', `a/checkout/${basket}`, { body: APPROVED_CARD })).body as ReceiptAnswer;
    expect(RECEIPT.JSONINVOICE).toMatchObject({ ship_type: 'freeNoRush', ship_charge: 0, subtotal: 120 });
  });
});

describe('customer checkout', () => {
  it('needs a token and orders for the customer', async () => {
    const { token, claims } = await insertCustomer(api);
    const { basket } = basketWith();
    expect((await api.call('POST', `a/user/checkout/${basket}`, { body: APPROVED_CARD })).status).toBe(401);
    const answer = await api.call('POST', `a/user/checkout/${basket}`, { token, body: APPROVED_CARD });
    expect(answer.status).toBe(200);
    const row = api.api.ctx.db.prepare('SELECT user_id, email FROM orders WHERE basket_num = ?').get(basket);
    expect(row).toEqual({ user_id: claims.userid, email: claims.email });
  });

  it("refuses another customer's basket", async () => {
    const owner = await insertCustomer(api);
    const other = await insertCustomer(api);
    const product = insertProduct(api.api.ctx.db);
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }], userId: owner.claims.userid });
    expect(
      (await api.call('POST', `a/user/checkout/${basket}`, { token: other.token, body: APPROVED_CARD })).status,
    ).toBe(404);
  });
});

describe('wallet payment', () => {
  async function startWallet(siteOrigin?: string) {
    const { basket } = basketWith();
    const answer = await api.call('POST', `a/checkout/${basket}`, {
      body: { payType: 'pp', ...(siteOrigin ? { siteOrigin } : {}) },
    });
    expect(answer.status).toBe(200);
    const url = new URL((answer.body as { PAYPAL_URL: string }).PAYPAL_URL);
    return { basket, url, token: url.pathname.split('/').pop() ?? '' };
  }

  it('answers a wallet URL on this API whose page has Approve and Cancel', async () => {
    const { url } = await startWallet('http://cycle.test');
    expect(url.origin).toBe(new URL(api.url).origin);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(page.headers.get('content-security-policy')).toContain('http://cycle.test');
  });

  it('approves back to payment success and confirms once with CODE 0', async () => {
    const { basket, url, token } = await startWallet('http://cycle.test');
    const approved = await fetch(`${url.href}?decision=approve`, { redirect: 'manual' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`http://cycle.test/payment-success/?token=${token}`);
    const first = await api.call('POST', `a/paypal/${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ CODE: 0 });
    expect(typeof (first.body as ReceiptAnswer).RECEIPT.ORDER_NO).toBe('number');
    const again = await api.call('POST', `a/paypal/${token}`);
    expect(again.body).toEqual(first.body);
    expect(orderCount(basket)).toBe(1);
  });

  it('cancels back to review order; the payment cannot be confirmed then', async () => {
    const { basket, url, token } = await startWallet();
    const cancelled = await fetch(`${url.href}?decision=cancel`, { redirect: 'manual' });
    expect(cancelled.headers.get('location')).toBe(`http://shop.test/review-order/?token=${token}`);
    const confirm = await api.call('POST', `a/paypal/${token}`);
    expect(confirm.status).toBe(409);
    expect((confirm.body as { CODE: number }).CODE).not.toBe(0);
    expect(orderCount(basket)).toBe(0);
  });

  it('does not confirm before approval', async () => {
    const { token } = await startWallet();
    const confirm = await api.call('POST', `a/paypal/${token}`);
    expect((confirm.body as { CODE: number }).CODE).not.toBe(0);
  });

  it('answers a non-zero CODE for an unknown token and a 404 page for an unknown approval', async () => {
    const confirm = await api.call('POST', 'a/paypal/EC-000000000000000000000000');
    expect(confirm.status).toBe(404);
    expect((confirm.body as { CODE: number }).CODE).not.toBe(0);
    expect((await api.call('POST', 'a/paypal/not-a-token')).status).toBe(404);
    expect((await fetch(new URL('paypal/approve/EC-000000000000000000000000', api.url))).status).toBe(404);
  });

  it('refuses a return origin that is not one of the sites', async () => {
    const { basket } = basketWith();
    expect(
      await api.call('POST', `a/checkout/${basket}`, { body: { payType: 'pp', siteOrigin: 'https://evil.example' } }),
    ).toMatchObject({ status: 400, body: { message: 'siteOrigin: not an allowed site' } });
  });

  it("confirms a customer's wallet payment only for that customer", async () => {
    const owner = await insertCustomer(api);
    const other = await insertCustomer(api);
    const product = insertProduct(api.api.ctx.db);
    const basket = insertBasket(api.api.ctx.db, { lines: [{ product, quantity: 1 }], userId: owner.claims.userid });
    const started = await api.call('POST', `a/user/checkout/${basket}`, {
      token: owner.token,
      body: { payType: 'pp' },
    });
    const url = new URL((started.body as { PAYPAL_URL: string }).PAYPAL_URL);
    const token = url.pathname.split('/').pop() ?? '';
    await fetch(`${url.href}?decision=approve`, { redirect: 'manual' });
    expect((await api.call('POST', `a/paypal/${token}`, { token: other.token })).status).toBe(404);
    expect((await api.call('POST', `a/paypal/${token}`, { token: owner.token })).body).toMatchObject({ CODE: 0 });
  });
});

describe("a guest order's invoice", () => {
  const KEY = 'guest-invoice-key-0123456789';
  const keyed = (key: string) => ({ headers: { 'x-basket-key': key } });

  async function guestOrder() {
    const { basket } = basketWith(20, 1);
    api.api.ctx.db.prepare('UPDATE baskets SET owner_key = ? WHERE basket_num = ?').run(hashBasketKey(KEY), basket);
    const answer = await api.call('POST', `a/checkout/${basket}`, { body: APPROVED_CARD, ...keyed(KEY) });
    expect(answer.status).toBe(200);
    return String((answer.body as ReceiptAnswer).RECEIPT.JSONINVOICE.order_no_display);
  }

  it('opens by the key that owns the basket it was placed from, with how it was paid and where its confirmation went', async () => {
    const shown = await guestOrder();
    const answer = await api.call('GET', `v2/orders/${shown}/invoice`, keyed(KEY));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      order_no_display: Number(shown),
      pay_type: 'cc',
      email: 'guest@example.com',
      subtotal: 20,
    });
  });

  it('is refused to another key, to no key, and to a customer; a key never opens a customer order', async () => {
    const shown = await guestOrder();
    expect((await api.call('GET', `v2/orders/${shown}/invoice`, keyed('another-guest-key-0123456789'))).status).toBe(
      404,
    );
    expect((await api.call('GET', `v2/orders/${shown}/invoice`)).status).toBe(401);
    const { token } = await insertCustomer(api);
    expect((await api.call('GET', `v2/orders/${shown}/invoice`, { token, ...keyed(KEY) })).status).toBe(404);

    const customer = await insertCustomer(api);
    const { basket } = basketWith(20, 1);
    api.api.ctx.db
      .prepare('UPDATE baskets SET owner_key = ?, user_id = ? WHERE basket_num = ?')
      .run(hashBasketKey(KEY), customer.claims.userid, basket);
    const placed = await api.call('POST', `a/user/checkout/${basket}`, { body: APPROVED_CARD, token: customer.token });
    expect(placed.status).toBe(200);
    const own = String((placed.body as ReceiptAnswer).RECEIPT.JSONINVOICE.order_no_display);
    expect((await api.call('GET', `v2/orders/${own}/invoice`, keyed(KEY))).status).toBe(404);
    expect((await api.call('GET', `v2/orders/${own}/invoice`, { token: customer.token })).status).toBe(200);
  });
});
