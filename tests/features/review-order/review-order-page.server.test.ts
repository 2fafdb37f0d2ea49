import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReviewStart } from '~/features/review-order/review-order-page.server';
import { fakeStoreApi, jsonAnswer, type SentCall } from '../../support/store-api-calls';
import { ADDRESS, BASKET_ANSWER, shippingAnswer } from '../../support/review-order-fixtures';

let calls: SentCall[];
/** The store API's answer to a call; a path a test names fails with 503. */
let failing: RegExp | null;
let basket: unknown;
/** Every call is refused with a 500, the store API's own error, not an outage. */
let refusing: boolean;
/** The store offers free no-rush shipping for the basket (its subtotal reached the threshold). */
let freeOffered: boolean;
/** The cookies the visitor sent, beside the access token. */
let sentCookies: Record<string, string>;

beforeEach(() => {
  failing = null;
  refusing = false;
  freeOffered = false;
  sentCookies = { ps_access: 'token' };
  basket = BASKET_ANSWER;
  const api = fakeStoreApi((call) => {
    if (failing?.test(call.path)) return jsonAnswer({ message: 'unavailable' }, 503);
    if (refusing) return jsonAnswer({ message: 'database error' }, 500);
    if (call.path === '/a/user/') return jsonAnswer({ shipping: ADDRESS, billing: ADDRESS, user: { id: 1 } });
    if (call.path === '/a/guest/B123') return jsonAnswer({ shippingData: ADDRESS, billToShip: true });
    if (call.path.includes('/shipping/')) {
      const answer = shippingAnswer(call.body);
      const free = { servicelevel: '09', shipping_cost: 0 };
      return jsonAnswer(freeOffered ? { ...answer, available: [...answer.available, free] } : answer);
    }
    if (call.path === '/a/basket/B123') return jsonAnswer(basket);
    return jsonAnswer({ message: 'not found' }, 404);
  });
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => vi.unstubAllGlobals());

const set = vi.fn();
const cookies = {
  get: (name: string) => (name in sentCookies ? { value: sentCookies[name] } : undefined),
  set,
  delete: vi.fn(),
} as unknown as AstroCookies;
const context = {
  cookies,
  url: new URL('http://site.test/review-order/'),
  request: new Request('http://site.test/review-order/'),
};
const sent = () => calls.map((call) => `${call.method} ${call.path}`);

describe('review order read on the server', () => {
  it("reads the customer's addresses, then shipping, then the basket priced with it", async () => {
    const start = await loadReviewStart(context, 'B123', false);
    expect(sent()).toEqual(['GET /a/user/', 'POST /a/user/shipping/B123', 'GET /a/basket/B123']);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token');
    expect(start.addresses?.shipping.firstname).toBe('Ana');
    expect(start.shipping).toEqual({
      selected: '04',
      available: [
        { code: '04', cost: 800 },
        { code: '01', cost: 4000 },
      ],
    });
    expect(start.basket?.BASKET).toHaveLength(1);
  });

  it('opens with free no-rush where the store offers it, the basket then read priced for it', async () => {
    freeOffered = true;
    const start = await loadReviewStart(context, 'B123', false);
    expect(sent()).toEqual([
      'GET /a/user/',
      'POST /a/user/shipping/B123',
      'POST /a/user/shipping/B123',
      'GET /a/basket/B123',
    ]);
    expect(calls[2]?.body).toEqual({ serviceLevel: '09' });
    expect(start.shipping?.selected).toBe('09');
  });

  it("keeps the option the shopper chose for this basket, and another basket's choice changes nothing", async () => {
    freeOffered = true;
    sentCookies = { ps_access: 'token', ps_ship_chosen: 'B123' };
    expect((await loadReviewStart(context, 'B123', false)).shipping?.selected).toBe('04');
    calls.length = 0;
    sentCookies = { ps_access: 'token', ps_ship_chosen: 'B999' };
    expect((await loadReviewStart(context, 'B123', false)).shipping?.selected).toBe('09');
  });

  it("reads a guest's addresses from the guest record and asks the guest's shipping", async () => {
    const start = await loadReviewStart(context, 'B123', true);
    expect(sent()).toEqual(['GET /a/guest/B123', 'POST /a/shipping/B123', 'GET /a/basket/B123']);
    expect(start.addresses?.billing.firstname).toBe('Ana');
  });

  it('prices a basket whose shipping is stale once more for the selected option', async () => {
    basket = { ...BASKET_ANSWER, ORDER: { ...BASKET_ANSWER.ORDER, shipping: 0 } };
    await loadReviewStart(context, 'B123', false);
    expect(sent().slice(3)).toEqual(['POST /a/user/shipping/B123', 'GET /a/basket/B123']);
    expect(calls[3]?.body).toEqual({ serviceLevel: '04' });
  });

  it('leaves to the island what a failed read did not bring, and reads nothing that depends on it', async () => {
    failing = /\/a\/user\/$/;
    expect(await loadReviewStart(context, 'B123', false)).toEqual({
      addresses: null,
      shipping: null,
      basket: null,
      outage: 'addresses',
    });
    expect(sent()).toEqual(['GET /a/user/']);

    calls.length = 0;
    failing = /shipping/;
    const withoutShipping = await loadReviewStart(context, 'B123', false);
    expect(withoutShipping).toMatchObject({ shipping: null, basket: null });
    expect(withoutShipping.addresses).not.toBeNull();
    expect(sent()).toEqual(['GET /a/user/', 'POST /a/user/shipping/B123']);

    failing = /basket/;
    const withoutBasket = await loadReviewStart(context, 'B123', false);
    expect(withoutBasket.basket).toBeNull();
    expect(withoutBasket.shipping).not.toBeNull();
  });

  it('names the read the store API was out for, and none it refused', async () => {
    failing = /\/a\/user\/$/;
    expect(await loadReviewStart(context, 'B123', false)).toMatchObject({ addresses: null, outage: 'addresses' });
    failing = /shipping/;
    expect(await loadReviewStart(context, 'B123', false)).toMatchObject({ shipping: null, outage: 'shipping' });
    failing = /basket/;
    expect(await loadReviewStart(context, 'B123', false)).toMatchObject({ basket: null, outage: 'basket' });
    failing = /\/a\/guest\//;
    expect(await loadReviewStart(context, 'B123', true)).toMatchObject({ addresses: null, outage: 'addresses' });
    failing = null;
    expect(await loadReviewStart(context, 'B123', false)).not.toHaveProperty('outage');
    basket = { ...BASKET_ANSWER, BASKET: [] };
    expect(await loadReviewStart(context, 'B123', false)).not.toHaveProperty('outage');
  });

  it('is no outage when the store API refuses a read or has no address: the island acts on it', async () => {
    refusing = true;
    expect(await loadReviewStart(context, 'B123', false)).toEqual({ addresses: null, shipping: null, basket: null });
  });

  it('leaves an empty basket to the island, which sends the shopper to the cart', async () => {
    basket = { ...BASKET_ANSWER, BASKET: [] };
    expect((await loadReviewStart(context, 'B123', false)).basket).toBeNull();
  });
});
