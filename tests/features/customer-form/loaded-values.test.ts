import { describe, expect, it } from 'vitest';
import { formFromAnswer } from '~/features/customer-form/loaded-values';

describe('loaded addresses', () => {
  const nameOf = (code: string) => ({ US: 'United States of America', DE: 'Germany' })[code];

  it('reads the customer answer {shipping, billing, user}', () => {
    const form = formFromAnswer(
      {
        shipping: {
          firstname: 'Ana',
          lastname: 'Lee',
          address1: '1 Main St',
          city: 'X',
          state: 'NY',
          zip: '10001',
          country: 'US',
          phone: '12345678',
          address_verified: 2,
        },
        billing: {
          firstname: 'Ana',
          lastname: 'Lee',
          address1: '9 Other Rd',
          city: 'X',
          state: 'NY',
          zip: '10001',
          country: 'US',
          phone: '12345678',
        },
        user: { id: 3, email: 'ana@example.com' },
      },
      nameOf,
    );
    expect(form?.shipping.country).toBe('US^United States of America');
    expect(form?.shipping.address_verified).toBe(2);
    expect(form?.email).toBe('ana@example.com');
    expect(form?.differentBillingAddress).toBe(true);
    // No answer about discounts by e-mail is no consent.
    expect(form?.subscribe).toBe(false);
  });

  it('reads a guest record (customer add shape) and honours billToShip', () => {
    const record = {
      email: 'g@example.com',
      subscription: 0,
      billToShip: true,
      shippingData: {
        firstName: 'Gus',
        lastName: 'T',
        address1: 'Hauptstr. 5',
        city: 'Berlin',
        state: 'BE',
        zip: '10115',
        country: 'DE',
        phone: '030123456',
      },
      billingData: {
        firstName: 'Gus',
        lastName: 'T',
        address1: 'Hauptstr. 5',
        city: 'Berlin',
        state: 'BE',
        zip: '10115',
        country: 'DE',
        phone: '030123456',
      },
    };
    const form = formFromAnswer(record, nameOf);
    expect(form?.shipping.firstname).toBe('Gus');
    expect(form?.shipping.country).toBe('DE^Germany');
    expect(form?.subscribe).toBe(false);
    expect(form?.differentBillingAddress).toBe(false);
  });

  it('no usable address is null', () => {
    expect(formFromAnswer(null, nameOf)).toBeNull();
    expect(formFromAnswer({ shipping: {}, user: {} }, nameOf)).toBeNull();
  });
});
