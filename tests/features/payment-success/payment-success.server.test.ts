import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentSuccess, type SuccessContext } from '~/features/payment-success/payment-success.server';
import { newBasketKey, signBasketKey } from '~/lib/session/basket-key';
import { ownerOf, ownRecord, signOrderRecord, type OrderRecord } from '~/lib/session/order-record';
import type { Session } from '~/lib/session/session';
import { fakeStoreApi, jsonAnswer, type SentCall } from '../../support/store-api-calls';

const RECEIPT = {
  ORDER_NO: 700001,
  JSONINVOICE: {
    order_no_display: 701001,
    invoice_num: '3700001',
    date_ordered: '20261122153000',
    billing: { firstname: 'Ana', email: 'ana@example.com' },
    shipping: null,
    order_items: [{ sku: 'A1', name: 'Impeller', quantity: 2, price: 10, your_price: 9.5, ext_price: 19 }],
    subtotal: 19,
    tax: 0,
    ship_type: 'standard',
    ship_charge: 8,
    total: 27,
  },
  GAITEMS: [{ sku: 'A1', name: 'Impeller', manufacturer: 'Yamaha', quantity: 2, price: 9.5 }],
  GAORDER: { order_no: 700001, display_name: '701001', ordertotal: 27, tax: 0, shipping: 8 },
};
const INVOICE = { ...RECEIPT.JSONINVOICE, pay_type: 'pp', email: 'ana@example.com' };

/** A request's cookies: what it sent, and what the page set or deleted on its answer. */
function cookieJar(sent: Record<string, string>) {
  const jar = new Map(Object.entries(sent));
  const changes: { name: string; value: string | null }[] = [];
  const cookies = {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => {
      jar.set(name, value);
      changes.push({ name, value });
    },
    delete: (name: string) => {
      jar.delete(name);
      changes.push({ name, value: null });
    },
  } as unknown as AstroCookies;
  return { cookies, changes, value: (name: string) => jar.get(name) };
}

let calls: SentCall[];
let answer: (call: SentCall) => Response;

beforeEach(() => {
  answer = () => jsonAnswer(INVOICE);
  const api = fakeStoreApi((call) => answer(call));
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const customer: Session = { kind: 'customer', claims: { userid: 7, role: 'customer' } };
const guest: Session = { kind: 'guest', basketNum: 'B1' };

function visitor(session: Session, record: Omit<OrderRecord, 'owner'> | null, query = '', key = newBasketKey()) {
  const owner = ownerOf(session, key);
  const sent: Record<string, string> = { ps_basket_key: signBasketKey(key), BASKETN: 'B1' };
  if (session.kind === 'customer') sent['ps_access'] = 'token';
  if (record && owner) sent['ps_order'] = signOrderRecord({ ...record, owner });
  const jar = cookieJar(sent);
  const context: SuccessContext = {
    cookies: jar.cookies,
    url: new URL(`http://site.test/payment-success/${query}`),
    session,
    storeId: 'marine',
    purchasesBlocked: false,
  };
  return { jar, context, owner, key };
}

describe("payment success's server read", () => {
  it("reads a customer's order from the store API with their token, the e-mail from the order", async () => {
    const { context } = visitor(customer, { orderNo: '701001', payMethod: 'cc' });
    const view = await loadPaymentSuccess(context);
    expect(view).toMatchObject({ kind: 'success', orderNo: '701001', payMethod: 'pp', email: 'ana@example.com' });
    expect(calls.map((call) => [call.method, call.path])).toEqual([['GET', '/v2/orders/701001/invoice']]);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token');
    expect(calls[0]?.headers.get('x-basket-key')).toBeNull();
  });

  it("reads a guest's order with their basket key, and the same again on every showing", async () => {
    const { context, key } = visitor(guest, { orderNo: '701001', payMethod: 'cc' });
    expect((await loadPaymentSuccess(context)).kind).toBe('success');
    expect((await loadPaymentSuccess(context)).kind).toBe('success');
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.headers.get('x-basket-key') === key)).toBe(true);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it("leaves without asking anything for a visitor with no record, or with another visitor's", async () => {
    expect(await loadPaymentSuccess(visitor(guest, null).context)).toEqual({ kind: 'leave' });
    // The cookie of one guest copied into another guest's browser.
    const first = visitor(guest, { orderNo: '701001', payMethod: 'cc' });
    const other = visitor(guest, null);
    const copied = cookieJar({ ps_basket_key: signBasketKey(other.key), ps_order: first.jar.value('ps_order')! });
    expect(await loadPaymentSuccess({ ...other.context, cookies: copied.cookies })).toEqual({ kind: 'leave' });
    // And a customer's record in a guest's browser.
    const customers = visitor(customer, { orderNo: '701001', payMethod: 'cc' });
    const planted = cookieJar({ ps_basket_key: signBasketKey(other.key), ps_order: customers.jar.value('ps_order')! });
    expect(await loadPaymentSuccess({ ...other.context, cookies: planted.cookies })).toEqual({ kind: 'leave' });
    expect(calls).toEqual([]);
  });

  it('says the order is unknown when the store API does not know it as theirs, and an outage apart', async () => {
    answer = () => jsonAnswer({ message: 'order not found' }, 404);
    expect(await loadPaymentSuccess(visitor(guest, { orderNo: '701001', payMethod: 'cc' }).context)).toEqual({
      kind: 'missing',
    });
    answer = () => jsonAnswer({ message: 'unavailable' }, 503);
    expect(await loadPaymentSuccess(visitor(guest, { orderNo: '701001', payMethod: 'cc' }).context)).toEqual({
      kind: 'unavailable',
    });
  });

  it('confirms a wallet return on the server, records the order, forgets the basket and counts it once', async () => {
    answer = (call) =>
      call.path.startsWith('/a/paypal/') ? jsonAnswer({ CODE: 0, RECEIPT }) : jsonAnswer({ ok: true });
    const { context, jar, owner } = visitor(guest, { orderNo: '', payMethod: 'pp' }, '?token=EC-1');
    expect(await loadPaymentSuccess(context)).toEqual({ kind: 'confirmed' });
    expect(ownRecord(jar.value('ps_order'), owner)).toEqual({ orderNo: '701001', payMethod: 'pp', owner });
    expect(jar.value('BASKETN')).toBeUndefined();
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/analytics')).toBe(true));
    const confirm = calls.find((call) => call.path.startsWith('/a/paypal/'));
    expect(confirm?.method).toBe('POST');
    expect(confirm?.path).toBe('/a/paypal/EC-1');

    // The wallet page's Approve pressed again (the back button): the same order, not forgotten or counted again.
    calls.length = 0;
    jar.cookies.set('BASKETN', 'B2');
    expect(await loadPaymentSuccess(context)).toEqual({ kind: 'confirmed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.path === '/analytics')).toEqual([]);
    expect(jar.value('BASKETN')).toBe('B2');
  });

  it('offers Try again when the confirmation got no answer, and quotes only an order number on the critical error', async () => {
    answer = () => jsonAnswer({ message: 'x' }, 200);
    const lost = visitor(guest, { orderNo: '', payMethod: 'pp' }, '?token=EC-1');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    expect(await loadPaymentSuccess(lost.context)).toEqual({ kind: 'walletUnconfirmed', orderNo: null });
    // The record of the payment begun stays, so the same address confirms again.
    expect(lost.jar.changes).toEqual([]);

    const api = fakeStoreApi(() => jsonAnswer({ CODE: 1, message: 'unknown wallet token' }, 404));
    vi.stubGlobal('fetch', api.fetch);
    const failed = visitor(guest, { orderNo: '', payMethod: 'pp' }, '?token=EC-1');
    expect(await loadPaymentSuccess(failed.context)).toEqual({ kind: 'walletError', orderNo: null });
    expect(failed.jar.value('ps_order')).toBeUndefined();
    expect(failed.jar.value('BASKETN')).toBe('B1');

    vi.stubGlobal('fetch', fakeStoreApi(() => jsonAnswer({ CODE: 4, RECEIPT })).fetch);
    const named = visitor(guest, { orderNo: '', payMethod: 'pp' }, '?token=EC-1');
    expect(await loadPaymentSuccess(named.context)).toEqual({ kind: 'walletError', orderNo: '701001' });
  });

  it('shows the critical wallet error for a return without its token, once, and confirms nothing while purchases are blocked', async () => {
    const { context, jar } = visitor(guest, { orderNo: '', payMethod: 'pp' });
    expect(await loadPaymentSuccess(context)).toEqual({ kind: 'walletError', orderNo: null });
    expect(jar.value('ps_order')).toBeUndefined();
    expect(await loadPaymentSuccess(context)).toEqual({ kind: 'leave' });
    const blocked = visitor(guest, { orderNo: '', payMethod: 'pp' }, '?token=EC-1');
    expect(await loadPaymentSuccess({ ...blocked.context, purchasesBlocked: true })).toEqual({
      kind: 'walletError',
      orderNo: null,
    });
    expect(calls).toEqual([]);
  });
});
