import { describe, expect, it } from 'vitest';
import { exactValue, formatExactMoney, fractionDigits, linePrice } from '~/lib/line-price';

describe('linePrice', () => {
  it('keeps the unit the store charges, so unit × quantity is the line total exactly', () => {
    expect(linePrice(58.455, 2)).toEqual({ unit: 58.455, quantity: 2, total: 116.91 });
    expect(linePrice(58.455, 3)).toEqual({ unit: 58.455, quantity: 3, total: 175.365 });
    expect(linePrice(7.7425, 4)).toEqual({ unit: 7.7425, quantity: 4, total: 30.97 });
  });

  it('does not drift on binary fractions', () => {
    expect(linePrice(0.1 + 0.2, 3).total).toBe(0.9);
    expect(linePrice(24.31, 7).total).toBe(170.17);
  });

  it('reads a quantity as a whole number of at least 0', () => {
    expect(linePrice(10, -2).total).toBe(0);
    expect(linePrice(10, 2.7).total).toBe(20);
  });
});

describe('shown digits', () => {
  it('shows whole cents with 2 digits and fractions of a cent with the digits they need', () => {
    expect(fractionDigits(116.91)).toBe(2);
    expect(fractionDigits(58.455)).toBe(3);
    expect(fractionDigits(7.7425)).toBe(4);
    expect(exactValue(58.455)).toBe('58.455');
    expect(exactValue(12)).toBe('12.00');
  });

  it('formats the exact amount in the shopper locale', () => {
    expect(formatExactMoney('en', 58.455)).toBe('$58.455');
    expect(formatExactMoney('en', 116.91)).toBe('$116.91');
    expect(formatExactMoney('es', 7.7425).replace(/\s/g, ' ')).toBe('7,7425 US$');
  });

  it('a shown line total parses back to the shown unit × quantity', () => {
    for (const [unit, quantity] of [
      [58.455, 2],
      [58.455, 3],
      [7.7425, 3],
      [64.95, 5],
    ] as const) {
      const line = linePrice(unit, quantity);
      const parse = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
      const shownUnit = parse(formatExactMoney('en', line.unit));
      const shownTotal = parse(formatExactMoney('en', line.total));
      expect(Math.round(shownUnit * quantity * 10000)).toBe(Math.round(shownTotal * 10000));
    }
  });
});
