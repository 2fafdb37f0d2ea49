import { describe, expect, it } from 'vitest';
import { itemCount, shippingNotPriced, subtotalOf, totalOf } from '~/lib/basket-totals';

describe('subtotal and total', () => {
  it('sums extprice and rounds up to whole cents', () => {
    expect(subtotalOf([{ extprice: 0.1 }, { extprice: 0.2 }])).toBe(0.3);
    expect(subtotalOf([{ extprice: 10.001 }])).toBe(10.01);
    expect(subtotalOf([{ extprice: 19.99 }, { extprice: 5.005 }])).toBe(25);
    expect(subtotalOf([])).toBe(0);
  });
  it('stays exact over many lines', () => {
    expect(subtotalOf(Array.from({ length: 1000 }, () => ({ extprice: 0.1 })))).toBe(100);
    expect(subtotalOf(Array.from({ length: 333 }, () => ({ extprice: 1.11 })))).toBe(369.63);
  });
  it('adds shipping and tax', () => {
    expect(totalOf(0.3, 9.95, 0.02)).toBe(10.27);
  });
  it('counts items by quantity', () => {
    expect(itemCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
  });
});

describe('shipping before it is priced', () => {
  it('reads 0 shipping and 0 tax as not yet priced, anything else as an estimate', () => {
    expect(shippingNotPriced(undefined)).toBe(true);
    expect(shippingNotPriced({ shipping: 0, tax: 0 })).toBe(true);
    expect(shippingNotPriced({ shipping: 9.95, tax: 0 })).toBe(false);
    expect(shippingNotPriced({ shipping: 0, tax: 1.2 })).toBe(false);
  });
});
