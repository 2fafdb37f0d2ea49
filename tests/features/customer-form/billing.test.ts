import { describe, expect, it } from 'vitest';
import { isBillingDifferent, resolvedBilling } from '~/features/customer-form/billing';
import { address, filled } from './fixtures';

describe('billing difference rule', () => {
  it('differs when a field differs and billing is non-empty or shipping is empty', () => {
    expect(isBillingDifferent(address, { ...address })).toBe(false);
    expect(isBillingDifferent(address, { ...address, city: 'Chicago' })).toBe(true);
    // An empty billing field just follows shipping.
    expect(isBillingDifferent(address, { ...address, company: '', city: '' })).toBe(false);
    // Shipping empty, billing filled: different.
    expect(isBillingDifferent({ ...address, company: '' }, { ...address, company: 'ACME' })).toBe(true);
    expect(isBillingDifferent({ ...address, city: '' }, { ...address, city: 'Chicago' })).toBe(true);
  });

  it('billing is copied from shipping when not different', () => {
    const values = filled({ billing: { ...address, city: 'Elsewhere' } });
    expect(resolvedBilling(values).city).toBe('Springfield');
    expect(resolvedBilling({ ...values, differentBillingAddress: true }).city).toBe('Elsewhere');
  });
});
