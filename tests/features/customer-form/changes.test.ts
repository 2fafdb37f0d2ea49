import { describe, expect, it } from 'vitest';
import { hasChanged, locationChanged } from '~/features/customer-form/changes';
import { filled } from './fixtures';

describe('changes since the form loaded', () => {
  it('trailing spaces are no change; a country or state change marks totals unknown', () => {
    const before = filled();
    expect(hasChanged(before, { ...before, email: ' ana@example.com ' })).toBe(false);
    expect(hasChanged(before, { ...before, shipping: { ...before.shipping, city: 'Peoria' } })).toBe(true);
    expect(locationChanged(before, { ...before, shipping: { ...before.shipping, city: 'Peoria' } })).toBe(false);
    expect(locationChanged(before, { ...before, shipping: { ...before.shipping, state: 'WI' } })).toBe(true);
    expect(locationChanged(before, { ...before, shipping: { ...before.shipping, country: 'CA^Canada' } })).toBe(true);
  });
});
