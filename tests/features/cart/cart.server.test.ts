import { describe, expect, it } from 'vitest';
import { basketLoadOf, hasPartsToKeep } from '~/features/cart/cart.server';
import { failed } from '~/lib/store-api/result';
import { STORE_API_TIMEOUT_ERROR } from '~/lib/store-api/server';

describe("the cart page's basket load", () => {
  it('a store error and a store that does not answer in time are both a failed load, which the cart offers to retry', () => {
    expect(basketLoadOf(failed({ kind: 'http', status: 500, message: 'injected fault 500', body: null }))).toEqual({
      state: 'error',
    });
    expect(basketLoadOf(failed({ kind: 'offline', message: STORE_API_TIMEOUT_ERROR }))).toEqual({ state: 'error' });
  });

  it('an unknown basket is no basket, not a failure', () => {
    expect(basketLoadOf(failed({ kind: 'http', status: 404, message: '', body: null }))).toEqual({ state: 'none' });
  });
});

describe('the parts a guest leaving checkout keeps', () => {
  const basket = (lines: number) =>
    ({ ORDER: {}, BASKET: Array.from({ length: lines }, (_, id) => ({ product_id: id })) }) as never;
  it('are those of a basket that holds some and is not ordered', () => {
    expect(hasPartsToKeep({ state: 'ok', basket: basket(2) })).toBe(true);
    expect(hasPartsToKeep({ state: 'ok', basket: basket(0) })).toBe(false);
    expect(hasPartsToKeep({ state: 'ordered' })).toBe(false);
    expect(hasPartsToKeep({ state: 'none' })).toBe(false);
    expect(hasPartsToKeep({ state: 'error' })).toBe(false);
  });
});
