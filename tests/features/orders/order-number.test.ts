import { describe, expect, it } from 'vitest';
import { displayOrderNumber, orderHost } from '~/features/orders/order-number';

describe('displayed order number (checkout §7)', () => {
  it('adds 1000 to the returned number', () => {
    expect(displayOrderNumber(123)).toBe('1123');
    expect(displayOrderNumber('4567')).toBe('5567');
    expect(displayOrderNumber(' 0 ')).toBe('1000');
  });

  it('keeps numbers of the new shop as they are', () => {
    expect(displayOrderNumber('S10042')).toBe('S10042');
    expect(orderHost('S10042')).toBe('newShop');
    expect(orderHost('5567')).toBe('oldCart');
  });
});
