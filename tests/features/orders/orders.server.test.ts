import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelCustomerOrder, loadOrderHistory, lookUpGuestOrder } from '~/features/orders/orders.server';
import { fakeStoreApi, type SentCall } from '../../support/store-api-calls';

let calls: SentCall[];
let answer: () => Response;

beforeEach(() => {
  answer = () => Response.json([]);
  const api = fakeStoreApi(() => answer());
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => vi.unstubAllGlobals());

const form = { email: ' ana@example.com ', mode: 'order' as const, orderNo: '601301', invoiceNo: '' };

describe('guest lookup on the server', () => {
  it("names the visitor's address, so the store API's per-client limit holds for posts", async () => {
    const posted = await lookUpGuestOrder({ clientAddress: '203.0.113.9' }, form);
    expect(posted.lookup.state).toBe('notFound');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/v2/orders/history/guest?email=ana%40example.com&order_no=601301');
    expect(calls[0]?.headers.get('x-forwarded-for')).toBe('203.0.113.9');
  });

  it('says when look-ups are limited, and asks nothing for a form its rules refuse', async () => {
    answer = () => Response.json({ message: 'rate limit exceeded' }, { status: 429 });
    expect((await lookUpGuestOrder({}, form)).lookup.state).toBe('limited');
    const refused = await lookUpGuestOrder({}, { ...form, orderNo: '12a' });
    expect(refused).toEqual({ form: { ...form, orderNo: '12a' }, lookup: { state: 'idle', order: null, error: null } });
    expect(calls).toHaveLength(1);
  });

  it('marks a lookup the store API was out for, and no other failure, as an outage', async () => {
    answer = () => Response.json({ message: 'unavailable' }, { status: 503 });
    expect(await lookUpGuestOrder({}, form)).toMatchObject({ lookup: { state: 'error' }, outage: true });
    answer = () => Response.json({ message: 'rate limit exceeded' }, { status: 429 });
    expect(await lookUpGuestOrder({}, form)).not.toHaveProperty('outage');
  });
});

describe('cancellation on the server', () => {
  const cookies = { get: (name: string) => (name === 'ps_access' ? { value: 'token' } : undefined) } as AstroCookies;
  const context = { cookies, url: new URL('http://site.test/order-history/') };

  it.each([
    [200, { state: 'requested' }],
    [406, { state: 'requested' }],
    [409, { state: 'refused' }],
    [404, { state: 'error', message: { text: 'order not found' } }],
  ])('reads the store answering %i', async (status, progress) => {
    answer = () => Response.json({ message: status === 404 ? 'order not found' : 'x' }, { status });
    const posted = await cancelCustomerOrder(context, { order: '1007', reason: 'other', note: ' twice ' });
    expect(posted.progress).toEqual(progress);
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.path).toBe('/v2/orders/1007');
    // The visitor's own token: the store API checks on every call that the order is theirs.
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token');
    expect(calls[0]?.body).toEqual({ cancellation_reason: 'other', cancellation_note: 'twice' });
  });

  it('sends nothing for another reason without its note, nor for a reason the form does not offer', async () => {
    expect((await cancelCustomerOrder(context, { order: '1007', reason: 'other', note: ' ' })).progress).toEqual({
      state: 'noteRequired',
    });
    expect((await cancelCustomerOrder(context, { order: '1007', reason: 'bored', note: '' })).progress.state).toBe(
      'error',
    );
    expect(calls).toEqual([]);
  });
});

describe('the history on the server', () => {
  const cookies = { get: (name: string) => (name === 'ps_access' ? { value: 'token' } : undefined) } as AstroCookies;
  const context = { cookies, url: new URL('http://site.test/order-history/') };
  const invoice = { order_items: [], subtotal: 10, tax: 0, ship_charge: 0, total: 10, pay_type: 'cc' };
  const record = (order_no: number | string) => ({ orderno: { order_no }, items: [], invoice });

  it('draws a history of any length from one store-API call, each order priced by the invoice it carries', async () => {
    const orders = Array.from({ length: 20 }, (_, index) => record(600101 + index));
    answer = () => Response.json(orders);
    const { initial: history, outage } = await loadOrderHistory(context, 'month', 'marine');
    expect(outage).toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toMatch(/^\/v2\/orders\/history\?/);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token');
    expect(history.state).toBe('success');
    expect(history.orders).toHaveLength(20);
    expect(history.orders.every((order) => order.invoice?.invoice.total === 1000)).toBe(true);
  });

  it("keeps the store API's own words when it refuses the history", async () => {
    answer = () => Response.json({ message: 'database down' }, { status: 500 });
    const history = await loadOrderHistory(context, 'year', 'marine');
    // A refusal, not an outage: the page answers as usual.
    expect(history).toEqual({
      initial: { state: 'error', range: 'year', orders: [], error: 'database down' },
      outage: false,
    });
  });
});
