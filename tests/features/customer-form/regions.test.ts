import { describe, expect, it } from 'vitest';
import { ARMED_FORCES, CA_PROVINCES, OTHER_REGION, US_STATES, regionsOf } from '~/features/customer-form/regions';

describe('region lists', () => {
  it('US has states, territories and armed-forces codes; CA provinces; other countries free text', () => {
    const us = regionsOf('US')?.map((option) => option.value) ?? [];
    expect(us).toEqual(expect.arrayContaining(['CA', 'NY', 'DC', 'PR', 'GU', 'VI', 'AA', 'AE', 'AP']));
    expect(US_STATES.length).toBeGreaterThanOrEqual(51);
    expect(ARMED_FORCES.map((option) => option.value)).toEqual(['AA', 'AE', 'AP']);
    expect(regionsOf('CA')).toBe(CA_PROVINCES);
    expect(CA_PROVINCES).toHaveLength(13);
    expect(regionsOf('DE')).toBeNull();
    expect(OTHER_REGION).toBe('other');
  });
});
