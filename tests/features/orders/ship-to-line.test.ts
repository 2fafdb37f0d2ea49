import { describe, expect, it } from 'vitest';
import { shipToLine } from '~/features/orders/ship-to-line';

describe('ship-to line of an order', () => {
  it("joins the known parts, the country in the shopper's language", () => {
    const shipTo = {
      first_name: 'Casey',
      last_name: 'Marsh',
      address1: '175 S Main St',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84111',
      country: 'US^United States',
    };
    expect(shipToLine(shipTo, 'en')).toBe('Casey Marsh, 175 S Main St, Salt Lake City, UT 84111, United States');
    expect(shipToLine({ ...shipTo, country: 'DE', state: '', zip: '10115', city: 'Berlin' }, 'fr')).toBe(
      'Casey Marsh, 175 S Main St, Berlin, 10115, Allemagne',
    );
  });

  it('is left out when the record has no address', () => {
    expect(shipToLine(null, 'en')).toBeNull();
    expect(shipToLine({ first_name: '', country: '' }, 'en')).toBeNull();
  });
});
