import { describe, expect, it } from 'vitest';
import { countryDisplayName, formatPhone, parseStoredCountry } from '~/lib/i18n/postal';

describe('stored country values (checkout §3: CC^Country name)', () => {
  it('splits code and name, and takes a bare two-letter value as a code', () => {
    expect(parseStoredCountry('DE^Germany')).toEqual({ code: 'DE', name: 'Germany' });
    expect(parseStoredCountry(' us ')).toEqual({ code: 'US', name: '' });
    expect(parseStoredCountry('Germany')).toEqual({ code: null, name: 'Germany' });
    expect(parseStoredCountry('USA^United States')).toEqual({ code: null, name: 'United States' });
  });
});

describe("country names in the shopper's language", () => {
  it('names a stored value or a bare code in each language', () => {
    expect(countryDisplayName('US^United States', 'en')).toBe('United States');
    expect(countryDisplayName('US', 'es')).toBe('Estados Unidos');
    expect(countryDisplayName('DE^Germany', 'fr')).toBe('Allemagne');
    expect(countryDisplayName('DE', 'pt')).toBe('Alemanha');
    expect(countryDisplayName('CA^Canada', 'es')).toBe('Canadá');
  });

  it('falls back to the stored name, then the code, and keeps a bare name', () => {
    expect(countryDisplayName('XZ^Atlantis', 'en')).toBe('Atlantis');
    expect(countryDisplayName('XZ', 'en')).toBe('XZ');
    expect(countryDisplayName('Germany', 'es')).toBe('Germany');
    expect(countryDisplayName('', 'en')).toBe('');
  });
});

describe('phone numbers for display', () => {
  it('writes North American numbers the way they are read', () => {
    expect(formatPhone('8015550142', 'US^United States')).toBe('(801) 555-0142');
    expect(formatPhone('801.555.0142', 'US')).toBe('(801) 555-0142');
    expect(formatPhone('+1 801 555 0142', 'US')).toBe('(801) 555-0142');
    expect(formatPhone('1-416-555-0199', 'CA^Canada')).toBe('(416) 555-0199');
    // No country: the store's default, the US.
    expect(formatPhone('2175550100', '')).toBe('(217) 555-0100');
  });

  it('keeps what it cannot read safely as entered, spaces tidied', () => {
    expect(formatPhone('  +49   30 1234567 ', 'DE^Germany')).toBe('+49 30 1234567');
    expect(formatPhone('030 1234567', 'DE')).toBe('030 1234567');
    expect(formatPhone('+44 20 7946 0958', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhone('801 555 0142 ext 7', 'US')).toBe('801 555 0142 ext 7');
    expect(formatPhone('12345678', 'US')).toBe('12345678');
    expect(formatPhone('0115550142', 'US')).toBe('0115550142');
    expect(formatPhone('8015550142', 'Germany')).toBe('8015550142');
    expect(formatPhone('', 'US')).toBe('');
  });
});
