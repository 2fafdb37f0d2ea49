import { describe, expect, it } from 'vitest';
import { itemCount, shippingNotPriced } from '~/lib/basket-totals';

describe('item count', () => {
  it('counts items by quantity', () => {
    expect(itemCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(itemCount([])).toBe(0);
  });
});

describe('shipping before it is priced', () => {
  it('reads 0 shipping and 0 tax as not yet priced, anything else as an estimate', () => {
    expect(shippingNotPriced(undefined)).toBe(true);
    expect(shippingNotPriced({ shipping: 0, tax: 0 })).toBe(true);
    expect(shippingNotPriced({ shipping: 995, tax: 0 })).toBe(false);
    expect(shippingNotPriced({ shipping: 0, tax: 120 })).toBe(false);
  });
});
