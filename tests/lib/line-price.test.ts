import { describe, expect, it } from 'vitest';
import { lineRow } from '~/lib/line-price';

describe('lineRow', () => {
  it('shows quantity × unit where it multiplies out to the line total', () => {
    expect(lineRow(2, 2431, 4862)).toEqual({ quantity: 2, unit: 2431, total: 4862 });
    expect(lineRow(1, 5846, 5846)).toEqual({ quantity: 1, unit: 5846, total: 5846 });
  });

  it('shows the quantity and the line total, and no unit, where the store charged otherwise', () => {
    // 3 × 58.455 = 175.365, charged $175.37; 3 × $58.46 would read $175.38.
    expect(lineRow(3, 5846, 17537)).toEqual({ quantity: 3, unit: null, total: 17537 });
    // 3 × 7.7425 = 23.2275, charged $23.23; 3 × $7.74 would read $23.22.
    expect(lineRow(3, 774, 2323)).toEqual({ quantity: 3, unit: null, total: 2323 });
  });
});
