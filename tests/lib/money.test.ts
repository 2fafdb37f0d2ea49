import { describe, expect, it } from 'vitest';
import {
  centsOf,
  dollarsOf,
  formatMoney,
  moneyValue,
  optionalCents,
  shownLineTotals,
  subtotalOf,
  decimalText,
  totalOf,
} from '~/lib/money';

describe('centsOf', () => {
  it('reads the decimal the store sent, not its binary neighbour', () => {
    // 58.455 * 100 is 5845.499999999999 in binary floating point.
    expect(centsOf(58.455)).toBe(5846);
    expect(centsOf('58.455')).toBe(5846);
    expect(centsOf(1.005)).toBe(101);
    expect(centsOf(175.365)).toBe(17537);
    expect(centsOf(7.7425)).toBe(774);
    expect(centsOf(23.2275)).toBe(2323);
  });

  it('reads whole amounts, text, signs and spaces', () => {
    expect(centsOf(24.31)).toBe(2431);
    expect(centsOf(12)).toBe(1200);
    expect(centsOf(' 0.1 ')).toBe(10);
    expect(centsOf('.5')).toBe(50);
    expect(centsOf('-58.455')).toBe(-5846);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf(1e-7)).toBe(0);
  });

  it('reads what is not an amount as 0', () => {
    for (const value of [undefined, null, '', 'abc', '1.2.3', NaN, Infinity, {}, [], true, '1e3']) {
      expect(centsOf(value)).toBe(0);
    }
    // Where a field may be left out, missing stays missing and only the rest reads as 0.
    expect(optionalCents(undefined)).toBeUndefined();
    expect(optionalCents(null)).toBeUndefined();
    expect(optionalCents('abc')).toBe(0);
    expect(optionalCents('42.5')).toBe(4250);
  });
});

describe('subtotalOf (spec: sum of item extprice rounded up to whole cents)', () => {
  it('sums the store line totals exactly and rounds the sum up once', () => {
    expect(subtotalOf([0.1, 0.2])).toBe(30);
    expect(subtotalOf([10.001])).toBe(1001);
    expect(subtotalOf([19.99, 5.005])).toBe(2500);
    expect(subtotalOf([])).toBe(0);
    // Two halves of a cent are one cent, not two rounded lines of a cent each.
    expect(subtotalOf([0.005, 0.005])).toBe(1);
    expect(subtotalOf(['175.365', 24.31, '23.2275'])).toBe(22291);
  });

  it('does not drift over many lines', () => {
    expect(subtotalOf(Array.from({ length: 1000 }, () => 0.1))).toBe(10000);
    expect(subtotalOf(Array.from({ length: 333 }, () => 1.11))).toBe(36963);
    expect(subtotalOf(Array.from({ length: 3 }, () => 0.3333))).toBe(100);
  });

  it('counts a line total that is not an amount as 0', () => {
    expect(subtotalOf([undefined, 'x', 1.5])).toBe(150);
  });
});

describe('shownLineTotals (lines that add up to the subtotal charged)', () => {
  it('gives the cents the lines rounded away to the lines that dropped the largest fractions', () => {
    // Each rounded alone: 175.37 + 23.23 + 6.67 = 205.27 under a subtotal of 205.26.
    const lines = ['175.365', 23.2275, '6.6666'];
    expect(shownLineTotals(lines, subtotalOf(lines))).toEqual([17536, 2323, 667]);
    // 23.23 + 3.33 = 26.56 under 26.57.
    expect(shownLineTotals(['23.2275', '3.3333'], 2657)).toEqual([2323, 334]);
  });

  it('leaves lines in whole cents as they are, and gives a tie to the earlier line', () => {
    expect(shownLineTotals([24.31, 0.005, 0.005], 2432)).toEqual([2431, 1, 0]);
    expect(shownLineTotals([12, '0.50'], 1250)).toEqual([1200, 50]);
    expect(shownLineTotals([], 0)).toEqual([]);
  });
});

describe('decimalText', () => {
  it('writes an amount exactly as the decimal it is', () => {
    expect(decimalText(58.455)).toBe('58.455');
    expect(decimalText(' 7.7425 ')).toBe('7.7425');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(12)).toBe('12');
    expect(decimalText('-1.50')).toBe('-1.50');
    expect(decimalText('x')).toBeNull();
  });
});

describe('totals and output', () => {
  it('adds the total of whole cents exactly', () => {
    expect(totalOf(30, 995, 2)).toBe(1027);
  });

  it('writes an amount in whole cents in each language', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(formatMoney('en', 17537)).toBe('$175.37');
    expect(formatMoney('en', 123456)).toBe('$1,234.56');
    expect(plain(formatMoney('es', 17537))).toBe('175,37 US$');
    expect(plain(formatMoney('fr', 17537))).toBe('175,37 $US');
    expect(plain(formatMoney('pt', 17537))).toBe('US$ 175,37');
    expect(formatMoney('en', 1200)).toBe('$12.00');
  });

  it('gives the machine value and the dollars of cents', () => {
    expect(moneyValue(17537)).toBe('175.37');
    expect(moneyValue(5)).toBe('0.05');
    expect(moneyValue(-1250)).toBe('-12.50');
    expect(dollarsOf(5846)).toBe(58.46);
  });
});
