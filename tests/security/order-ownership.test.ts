import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, SHIPPING_DATA } from '../store-api/accounts';
import { startTestApi, type TestApi } from '../store-api/harness';
import { APPROVED_CARD } from '../store-api/checkout-fixtures';
import { BUYABLE, newBasket, productWhere } from '../store-api/fixtures';
import { DEMO_GUEST } from '../../store-api/seed/orders.ts';

/** Issue 21 finding 1: an e-mail address is no proof that orders placed under it are yours. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface HistoryRecord {
  orderno: { order_no: number | string };
}

async function historyNumbers(token: string): Promise<string[]> {
  const answer = await api.call('GET', '/v2/orders/history?legacy_date_range=all', { token });
  expect(answer.status).toBe(200);
  return (answer.body as HistoryRecord[]).map((record) => String(record.orderno.order_no));
}

/** A guest order placed over HTTP as a shopper would: basket, guest record, checkout. */
async function guestOrder(email: string): Promise<string> {
  const basket = await newBasket(api, productWhere(api, BUYABLE));
  // The guest's own basket key, as the site's server sends it for its visitor.
  const headers = { 'x-basket-key': `guest-key-${basket}-0123456789abcdef` };
  expect(
    (
      await api.call('POST', `/a/guest/${basket}`, {
        body: { email, shippingData: SHIPPING_DATA, billToShip: true, subscription: 0 },
        headers,
      })
    ).status,
  ).toBe(200);
  const receipt = await api.call('POST', `/a/checkout/${basket}`, { body: APPROVED_CARD, headers });
  expect(receipt.status).toBe(200);
  return String((receipt.body as { RECEIPT: { ORDER_NO: number } }).RECEIPT.ORDER_NO);
}

async function mailedClaimToken(email: string): Promise<string> {
  const mail = (await api.call('GET', `/__test/mail?to=${encodeURIComponent(email)}`)).body as {
    body: { claimToken: string };
  }[];
  const token = mail.at(-1)?.body.claimToken;
  if (!token) throw new Error(`no claim mail to ${email}`);
  return token;
}

describe('orders belong to the account that placed them', () => {
  it('an account created with a guest e-mail neither reads nor cancels that guest’s orders', async () => {
    const attacker = await signUp(api, DEMO_GUEST);
    expect(await historyNumbers(attacker.token)).toEqual([]);
    expect((await api.call('DELETE', '/v2/orders/601301', { token: attacker.token, body: {} })).status).toBe(404);
    const order = api.api.ctx.db.prepare("SELECT user_id, status FROM orders WHERE order_no = '600301'").get() as {
      user_id: number | null;
      status: string;
    };
    expect(order).toEqual({ user_id: null, status: 'shipped' });
  });

  it('a guest placing orders under a customer’s e-mail does not put them in that customer’s history', async () => {
    const orderNo = await guestOrder('customer@example.com');
    const customer = await signIn(api, 'customer@example.com', 'Customer123!');
    const numbers = await historyNumbers(customer.token);
    expect(numbers).not.toContain(orderNo);
    expect(numbers).toContain('600101');
    expect(
      (await api.call('DELETE', `/v2/orders/${Number(orderNo) + 1000}`, { token: customer.token, body: {} })).status,
    ).toBe(404);
  });

  it('changing the e-mail needs the current password and attaches no orders', async () => {
    const victim = 'harbour-guest@example.com';
    const orderNo = await guestOrder(victim);
    const attacker = await signUp(api, 'harbour-attacker@example.com');
    expect(
      (await api.call('PATCH', '/a/user/email', { token: attacker.token, body: { emailAddress: victim } })).status,
    ).toBe(400);
    expect(
      await api.call('PATCH', '/a/user/email', {
        token: attacker.token,
        body: { emailAddress: victim, passwordold: 'guessed' },
      }),
    ).toMatchObject({
      status: 403,
      body: { message: 'The current password is not correct' },
    });
    expect(
      (
        await api.call('PATCH', '/a/user/email', {
          token: attacker.token,
          body: { emailAddress: victim, passwordold: 'Harbour-9' },
        })
      ).status,
    ).toBe(200);
    expect(await historyNumbers(attacker.token)).not.toContain(orderNo);
  });

  it('the customer form changes the e-mail only with the current password', async () => {
    const session = await signUp(api, 'form-mail@example.com');
    const body = {
      userid: session.user.userid,
      email: 'form-mail-2@example.com',
      shippingData: SHIPPING_DATA,
      billToShip: true,
      subscription: 1,
    };
    expect(await api.call('PATCH', '/v2/customers', { token: session.token, body })).toMatchObject({
      status: 403,
      body: { message: 'Changing the e-mail address needs the current password' },
    });
    expect(
      (await api.call('PATCH', '/v2/customers', { token: session.token, body: { ...body, passwordold: 'wrong' } }))
        .status,
    ).toBe(403);
    expect(
      (await api.call('PATCH', '/v2/customers', { token: session.token, body: { ...body, passwordold: 'Harbour-9' } }))
        .status,
    ).toBe(200);
    expect((await api.call('GET', '/a/user/', { token: session.token })).body).toMatchObject({
      user: { email: 'form-mail-2@example.com' },
    });
  });
});

describe('a guest order joins an account through a mailed claim code', () => {
  it('joins the guest orders placed before the claim, once, for the account that asked', async () => {
    const email = 'claimer@example.com';
    const earlier = await guestOrder(email);
    const owner = await signUp(api, email);
    expect(await historyNumbers(owner.token)).not.toContain(earlier);
    expect(await api.call('POST', '/v2/orders/claims', { token: owner.token, body: {} })).toMatchObject({
      status: 202,
      body: { message: expect.stringMatching(/sent it a code/) as unknown },
    });
    const code = await mailedClaimToken(email);

    // Someone else holding the code gets nothing from it.
    const other = await signUp(api, 'claim-thief@example.com');
    expect(
      (await api.call('POST', '/v2/orders/claims/confirm', { token: other.token, body: { token: code } })).status,
    ).toBe(403);
    expect(
      (await api.call('POST', '/v2/orders/claims/confirm', { token: owner.token, body: { token: 'made-up' } })).status,
    ).toBe(403);

    const later = await guestOrder(email);
    expect(
      await api.call('POST', '/v2/orders/claims/confirm', { token: owner.token, body: { token: code } }),
    ).toMatchObject({ status: 200, body: { claimed: 1 } });
    const numbers = await historyNumbers(owner.token);
    expect(numbers).toContain(earlier);
    expect(numbers).not.toContain(later);
    expect(
      (await api.call('POST', '/v2/orders/claims/confirm', { token: owner.token, body: { token: code } })).status,
    ).toBe(403);
  });

  it('answers a claim request the same way whether or not guest orders exist, and mails only when they do', async () => {
    const none = await signUp(api, 'no-guest-orders@example.com');
    const answer = await api.call('POST', '/v2/orders/claims', { token: none.token, body: {} });
    const withOrders = await signUp(api, 'with-orders@example.com');
    await guestOrder('with-orders@example.com');
    expect((await api.call('POST', '/v2/orders/claims', { token: withOrders.token, body: {} })).body).toEqual(
      answer.body,
    );
    expect((await api.call('GET', '/__test/mail?to=no-guest-orders%40example.com')).body).toEqual([]);
    expect((await api.call('POST', '/v2/orders/claims', { body: {} })).status).toBe(401);
  });

  it('a code asked for under one address does not follow the account to another', async () => {
    const email = 'moving@example.com';
    await guestOrder(email);
    const owner = await signUp(api, email);
    await api.call('POST', '/v2/orders/claims', { token: owner.token, body: {} });
    const code = await mailedClaimToken(email);
    expect(
      (
        await api.call('PATCH', '/a/user/email', {
          token: owner.token,
          body: { emailAddress: 'moved@example.com', passwordold: 'Harbour-9' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.call('POST', '/v2/orders/claims/confirm', { token: owner.token, body: { token: code } })).status,
    ).toBe(403);
  });
});
