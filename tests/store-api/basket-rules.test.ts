import { describe, expect, it } from 'vitest';
import {
  exceedsInventory,
  extPrice,
  isInStock,
  orderTotal,
  purchaseRefusal,
  savings,
  subtotalOf,
} from '../../store-api/rules/basket.ts';

describe('basket rules', () => {
  it('refuses zero prices, ship_class never and unbuyable products', () => {
    const ok = { product_id: 1, base_price: 10, ship_class: 'now', customer_can_buy: 1 };
    expect(purchaseRefusal(ok)).toBeNull();
    expect(purchaseRefusal({ ...ok, base_price: 0 })?.message).toBe('Can not buy product with zero base price');
    expect(purchaseRefusal({ ...ok, ship_class: 'never' })?.message).toBe('Product is not available');
    expect(purchaseRefusal({ ...ok, customer_can_buy: 0 })?.message).toBe('Product can not be bought');
  });

  it('rounds the subtotal up to whole cents', () => {
    expect(subtotalOf([58.455])).toBe(58.46);
    expect(subtotalOf([0.1, 0.2])).toBe(0.3);
    expect(subtotalOf([10.0001])).toBe(10.01);
    expect(subtotalOf([])).toBe(0);
    expect(extPrice(7.7425, 3)).toBe(23.2275);
  });

  it('adds shipping and tax to the total', () => {
    expect(orderTotal(66.2, 12.5, 3.31)).toBe(82.01);
  });

  it('computes savings per line', () => {
    expect(savings(100, 80, 2)).toEqual({ saved_amount: 40, percentagesaved: 20 });
    expect(savings(0, 0, 1)).toEqual({ saved_amount: 0, percentagesaved: 0 });
  });

  it('flags quantities above inventory and reads stock', () => {
    expect(exceedsInventory(5, 4)).toBe(true);
    expect(exceedsInventory(4, 4)).toBe(false);
    expect(isInStock('now', 1)).toBe(true);
    expect(isInStock('now', 0)).toBe(false);
    expect(isInStock('later', 9)).toBe(false);
  });
});
