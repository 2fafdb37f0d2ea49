import { describe, expect, it } from 'vitest';
import { toBasket, toBulkAddAnswer, toGraphCartSkus, toSuggestions } from '~/lib/store-api/basket';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { pathOf } from '~/lib/store-api/endpoint';
import { apiFlag } from '~/lib/store-api/flags';
import { toGuestRecord } from '~/lib/store-api/guest';
import { toUserRecord } from '~/lib/store-api/user';

describe("store-API answers in the app's own types", () => {
  it('reads the yes/no fields the API sends in any of its spellings', () => {
    expect([true, 1, '1', 'true', 'TRUE'].map(apiFlag)).toEqual([true, true, true, true, true]);
    expect([false, 0, '0', null, undefined, 2, 'yes'].map(apiFlag)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads a basket with its flags as booleans, numeric text as numbers and amounts as cents', () => {
    const basket = toBasket({
      ORDER: { basketNum: 'B1', orderTotal: '12.5', shipping: 0, tax: null, ordered: 1, group_menu_id: 7 },
      BASKET: [
        {
          product_id: 15,
          sku: 'A',
          name: '',
          description: 'Impeller',
          quantity: '2',
          pricediscounted: '2.25',
          extprice: 4.5,
          base_price: 3,
          saved_amount: 1.5,
          customer_can_buy: 0,
          sm_image: null,
        },
      ],
    });
    expect(basket?.ORDER).toMatchObject({
      basketNum: 'B1',
      orderTotal: 1250,
      tax: 0,
      subtotal: 450,
      ordered: true,
      group_menu_id: 7,
    });
    expect(basket?.BASKET[0]).toMatchObject({
      product_id: 15,
      name: 'Impeller',
      quantity: 2,
      pricediscounted: 225,
      extprice: 450,
      base_price: 300,
      saved_amount: 150,
      customer_can_buy: false,
      sm_image: null,
    });
  });

  it('rounds the subtotal up once from the exact line totals, and shows lines that add up to it', () => {
    const line = (extprice: number | string) => ({ product_id: 1, quantity: 3, pricediscounted: 58.455, extprice });
    const basket = toBasket({ ORDER: {}, BASKET: [line(175.365), line('0.005'), line(0.005)] });
    // 175.365 + 0.005 + 0.005 = 175.375, rounded up: the store charges $175.38.
    expect(basket?.ORDER.subtotal).toBe(17538);
    // Each line rounded alone would read $175.37 + $0.01 + $0.01 = $175.39.
    expect(basket?.BASKET.map((item) => [item.pricediscounted, item.extprice])).toEqual([
      [5846, 17537],
      [5846, 1],
      [5846, 0],
    ]);
  });

  it('reads what the cart charges for a suggestion, 0 where the store does not say', () => {
    const suggestion = { product_id: 15732, sku: '0777213', base_price: 8.6, customer_can_buy: 1 };
    const [priced, unpriced] = toSuggestions([{ ...suggestion, pricediscounted: 7.74 }, suggestion]) ?? [];
    expect([priced?.base_price, priced?.pricediscounted]).toEqual([860, 774]);
    expect(unpriced?.pricediscounted).toBe(0);
  });

  it('refuses an answer without a list of lines', () => {
    expect(toBasket({ ORDER: {} })).toBeNull();
    expect(toBasket('nope')).toBeNull();
  });

  it('reads the user of a/user/ and keeps the record for the forms', () => {
    const read = toUserRecord({ user: { id: 4, email: '' }, shipping: { address1: '1 Road' } });
    expect(read).toMatchObject({
      user: { id: 4, email: '' },
      id: 4,
      email: '',
      record: { shipping: { address1: '1 Road' } },
    });
    expect(toUserRecord(null)).toEqual({ user: null, id: undefined, email: '', record: {} });
  });

  it('takes a guest record only when it is an object', () => {
    expect(toGuestRecord({ email: 'g@example.com' })).toEqual({ email: 'g@example.com' });
    expect(toGuestRecord([1])).toBeNull();
  });

  it('fills a path with encoded parameters', () => {
    expect(pathOf(ENDPOINTS.basketGet, { basketNum: 'a/b' })).toBe('a/basket/a%2Fb');
    expect(pathOf(ENDPOINTS.userGet)).toBe('a/user/');
    expect(() => pathOf(ENDPOINTS.guestGet)).toThrow();
  });
});

describe('bulk add and GraphQL cart answers', () => {
  it('reads each outcome in its place, flags as the API sends them, and needs the basket number', () => {
    expect(
      toBulkAddAnswer({
        BASKETNUM: 'B1',
        results: [{ product_id: '2043', SUCCESS: 1 }, 'junk', { product_id: 15732, SUCCESS: false, message: 'gone' }],
      }),
    ).toEqual({
      BASKETNUM: 'B1',
      results: [
        { product_id: 2043, SUCCESS: true },
        { product_id: 0, SUCCESS: false },
        { product_id: 15732, SUCCESS: false, message: 'gone' },
      ],
    });
    expect(toBulkAddAnswer({ BASKETNUM: 'B1' })).toEqual({ BASKETNUM: 'B1', results: [] });
    expect(toBulkAddAnswer({ results: [] })).toBeNull();
  });

  it("reads the GraphQL cart's SKUs; an answer without a cart is unreadable", () => {
    expect(
      toGraphCartSkus({ data: { cart: { orderLines: [{ product: { sku: 'A-1' } }, { product: null }] } } }),
    ).toEqual(['A-1', '']);
    expect(toGraphCartSkus({ data: { cart: null } })).toBeNull();
    expect(toGraphCartSkus({ errors: [{ message: 'bad' }] })).toBeNull();
  });
});
