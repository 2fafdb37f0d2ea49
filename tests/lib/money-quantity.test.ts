import { describe, expect, it } from 'vitest';
import { centsOfQuantity } from '~/lib/money-quantity';

describe('centsOfQuantity', () => {
  it('multiplies a unit price exactly and rounds the line once', () => {
    expect(centsOfQuantity('58.455', 3)).toBe(17537);
    expect(centsOfQuantity('58.455', 2)).toBe(11691);
    expect(centsOfQuantity('7.7425', 3)).toBe(2323);
    expect(centsOfQuantity('0.0001', 2)).toBe(0);
    expect(centsOfQuantity('24.31', 0)).toBe(0);
    expect(centsOfQuantity('12', 3)).toBe(3600);
  });
});
