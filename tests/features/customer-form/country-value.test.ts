import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY, countryValue, formatCountry, parseCountry } from '~/features/customer-form/country-value';

describe('country values', () => {
  it("parses and formats 'CC^Country name'", () => {
    expect(parseCountry('US^United States')).toEqual({ code: 'US', name: 'United States' });
    expect(parseCountry('DE^Germany')).toEqual({ code: 'DE', name: 'Germany' });
    expect(parseCountry('CA')).toEqual({ code: 'CA', name: 'CA' });
    expect(formatCountry('FR', 'France')).toBe('FR^France');
    expect(DEFAULT_COUNTRY).toBe('US^United States');
  });

  it('an API code becomes the form value; unknown codes fall back to the default', () => {
    const names: Record<string, string> = { DE: 'Germany', US: 'United States of America' };
    const nameOf = (code: string) => names[code];
    expect(countryValue('de', nameOf)).toBe('DE^Germany');
    expect(countryValue('DE^Deutschland', nameOf)).toBe('DE^Germany');
    expect(countryValue('', nameOf)).toBe(DEFAULT_COUNTRY);
    expect(countryValue('ZZ', nameOf)).toBe(DEFAULT_COUNTRY);
  });
});
