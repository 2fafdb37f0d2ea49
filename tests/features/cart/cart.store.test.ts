// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { resetRequests } from '~/lib/api/requests.store';
import { clearSession } from '~/features/session/session.store';
import { $calculating, initCart, QUANTITY_DEBOUNCE_MS, typeQuantity } from '~/features/cart/cart.store';
import type { Basket } from '~/lib/store-api/basket';

const basket = {
  ORDER: { basketNum: 'B1', orderTotal: 10, shipping: 0, tax: 0 },
  BASKET: [
    {
      product_id: 2043,
      sku: 'S',
      name: 'Impeller',
      description: '',
      product_url: '',
      ship_class: 'now',
      quantity: 1,
      inventory: 9,
      pricediscounted: 10,
      extprice: 10,
      base_price: 10,
      mfg_account_id: 1,
      customer_can_buy: 1,
    },
  ],
} as unknown as Basket;

let sent: string[];

beforeEach(() => {
  sent = [];
  resetRequests();
  vi.useFakeTimers();
  replaceBrowser({
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return Promise.resolve(Response.json(basket));
    },
  });
  initCart('B1', basket, 'ok', { isAuthorized: true, isGuest: false, isAlmostGuest: false }, 'Something went wrong');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('cart state when the session ends', () => {
  it('a quantity still waiting to be sent is dropped when the session is cleared', async () => {
    typeQuantity(2043, '3');
    clearSession();
    await vi.advanceTimersByTimeAsync(QUANTITY_DEBOUNCE_MS * 2);
    expect(sent).toEqual([]);
  });

  it('without a session end the same edit is sent after the debounce', async () => {
    typeQuantity(2043, '3');
    await vi.advanceTimersByTimeAsync(QUANTITY_DEBOUNCE_MS * 2);
    expect(sent).toEqual(['PATCH /api/a/item/2043/3/']);
  });
});

describe('calculating, read from the cart itself', () => {
  it('holds from the keystroke through the debounce and the answer, and ends when the session does', async () => {
    const seen: boolean[] = [];
    const stop = $calculating.subscribe((value) => seen.push(value));
    typeQuantity(2043, '3');
    expect($calculating.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(QUANTITY_DEBOUNCE_MS * 2);
    expect($calculating.get()).toBe(false);
    expect(seen).toEqual([false, true, false]);
    typeQuantity(2043, '4');
    clearSession();
    expect($calculating.get()).toBe(false);
    stop();
  });
});
