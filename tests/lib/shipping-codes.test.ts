import { describe, expect, it } from 'vitest';
import { createTranslate } from '~/lib/i18n/translate';
import { shippingCodeOf, shippingLevelKey, shippingServiceName } from '~/lib/shipping-codes';

const t = createTranslate({
  'review.shipping.level.standard': 'Estándar',
  'review.shipping.level.freeNoRush': 'Gratis, sin prisa',
});

describe('shipping service names (invoice and history)', () => {
  it('knows a service by code or by level name, in any case', () => {
    expect(shippingCodeOf('4')).toBe('04');
    expect(shippingCodeOf('standard')).toBe('04');
    expect(shippingCodeOf('FreeNoRush')).toBe('09');
    expect(shippingCodeOf('teleport')).toBeNull();
  });

  it('answers the locale key of the service', () => {
    expect(shippingLevelKey('standard')).toBe('review.shipping.level.standard');
    expect(shippingLevelKey('07')).toBe('review.shipping.level.parcel');
    expect(shippingLevelKey('')).toBeNull();
    expect(shippingLevelKey(null)).toBeNull();
  });

  it("names the service in the shopper's language; an unknown one keeps its own name", () => {
    expect(shippingServiceName(t, 'standard')).toBe('Estándar');
    expect(shippingServiceName(t, '09')).toBe('Gratis, sin prisa');
    expect(shippingServiceName(t, ' Courier X ')).toBe('Courier X');
    expect(shippingServiceName(t, undefined)).toBe('');
  });
});
