import { describe, expect, it } from 'vitest';
import { chooseLevel, productWeight, serviceLevelOf, shippingOptions } from '../../../store-api/rules/shipping.ts';
import { roundCents, subtotalOf } from '../../../store-api/rules/basket.ts';
import { salesTax, taxRate } from '../../../store-api/rules/tax.ts';
import { countryCode, guestAddresses, readAddress } from '../../../store-api/rules/address.ts';

describe('shipping levels', () => {
  it('reads codes and names', () => {
    expect(serviceLevelOf('4')?.name).toBe('standard');
    expect(serviceLevelOf('09')?.name).toBe('freeNoRush');
    expect(serviceLevelOf('Parcel')?.code).toBe('07');
    expect(serviceLevelOf('08')).toBeUndefined();
  });

  it('offers 09 only from the threshold, and only at home', () => {
    expect(shippingOptions('US', 98.99, 1).map((o) => o.servicelevel)).toEqual(['01', '02', '03', '04']);
    expect(shippingOptions('US', 99, 1).map((o) => o.servicelevel)).toEqual(['01', '02', '03', '04', '09']);
    expect(shippingOptions('DE', 500, 1).map((o) => o.servicelevel)).toEqual(['05', '06', '07']);
  });

  it('charges parcel post $9.95 for every started pound', () => {
    const parcel = (weight: number) =>
      shippingOptions('FR', 10, weight).find((o) => o.servicelevel === '07')?.shipping_cost;
    expect(parcel(0.4)).toBe(9.95);
    expect(parcel(2)).toBe(19.9);
    expect(parcel(2.1)).toBe(29.85);
  });

  it('rush levels cost more than slower ones', () => {
    const costs = shippingOptions('US', 10, 3).map((o) => o.shipping_cost);
    expect([...costs].sort((a, b) => b - a)).toEqual(costs);
  });

  it('chooses the stored level while offered, else the default of the destination', () => {
    const home = shippingOptions('US', 10, 1);
    expect(chooseLevel(home, '02', 'US')?.servicelevel).toBe('02');
    expect(chooseLevel(home, '09', 'US')?.servicelevel).toBe('04');
    expect(chooseLevel(shippingOptions('CA', 10, 1), '04', 'CA')?.servicelevel).toBe('06');
  });

  it('derives a stable weight per product', () => {
    expect(productWeight(2043)).toBe(productWeight(2043));
    for (const id of [1, 2043, 15732, 1374449]) {
      expect(productWeight(id)).toBeGreaterThanOrEqual(0.5);
      expect(productWeight(id)).toBeLessThanOrEqual(10.4);
    }
  });
});

describe('money and tax', () => {
  it('rounds the subtotal up to whole cents', () => {
    expect(subtotalOf([10.001, 5])).toBe(15.01);
    expect(subtotalOf([0.1, 0.2])).toBe(0.3);
    expect(roundCents(1.005)).toBe(1.01);
  });

  it('taxes US states by their rate and nothing abroad', () => {
    expect(taxRate('US', 'ca')).toBe(0.0725);
    expect(taxRate('US', 'OR')).toBe(0);
    expect(salesTax('US', 'FL', 100)).toBe(6);
    expect(salesTax('CA', 'ON', 100)).toBe(0);
  });
});

describe('addresses', () => {
  it('reads country codes in every stored spelling', () => {
    expect(countryCode('US^United States')).toBe('US');
    expect(countryCode('')).toBe('US');
    expect(countryCode('ca^Canada')).toBe('CA');
    expect(countryCode('United States')).toBe('US');
  });

  it('reads the payload and form shapes', () => {
    expect(readAddress({ firstName: 'A', lastName: 'B', address1: '1 Road', city: 'X' })).toMatchObject({
      firstname: 'A',
      country: 'US^United States',
    });
    expect(readAddress({ note: 1 })).toBeNull();
    expect(readAddress('text')).toBeNull();
  });

  it('reads a guest record with a separate billing address', () => {
    const record = {
      email: 'g@example.com',
      shippingData: { lastName: 'S', city: 'Ship' },
      billToShip: false,
      billingData: { lastName: 'B', city: 'Bill' },
    };
    const { shipping, billing, email } = guestAddresses(record);
    expect([shipping?.city, billing?.city, email, shipping?.email]).toEqual([
      'Ship',
      'Bill',
      'g@example.com',
      'g@example.com',
    ]);
    expect(guestAddresses({ ...record, billToShip: true }).billing?.city).toBe('Ship');
  });
});
