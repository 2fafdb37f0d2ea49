import { describe, expect, it } from 'vitest';
import { shippingEstimate } from '~/features/cart/shipping-estimate';

describe('the cart shipping estimate', () => {
  const offers = { freeShippingFrom: 9900, shippingFrom: 845 };

  it('is free from the free-shipping threshold on', () => {
    expect(shippingEstimate(9900, offers)).toEqual({ kind: 'free' });
    expect(shippingEstimate(25_000, offers)).toEqual({ kind: 'free' });
  });

  it('is the cheapest paid service below the threshold', () => {
    expect(shippingEstimate(9899, offers)).toEqual({ kind: 'from', amount: 845 });
  });

  it('never promises free shipping a store does not offer', () => {
    expect(shippingEstimate(50_000, { freeShippingFrom: null, shippingFrom: 845 })).toEqual({
      kind: 'from',
      amount: 845,
    });
  });

  it('has nothing to show when the store names no price', () => {
    expect(shippingEstimate(100, { freeShippingFrom: 9900, shippingFrom: null })).toBeNull();
  });
});
