import { describe, expect, it } from 'vitest';
import { buildPayload } from '~/features/customer-form/payload';
import { address, filled } from './fixtures';

describe('payloads (checkout section 3)', () => {
  it('payloads: add carries passwords, update the userid, billing copied and country as a code', () => {
    const values = filled({
      subscribe: false,
      password: ' Secret123 ',
      passwordConfirm: 'Secret123',
      shipping: { ...address, city: ' Springfield ', address_verified: 2 },
    });
    const add = buildPayload(values, { action: 'customerAdd', basketNum: 'B1' });
    expect(add).toMatchObject({
      email: 'ana@example.com',
      username: 'ana@example.com',
      billToShip: true,
      basketNum: 'B1',
      subscription: 0,
      password: 'Secret123',
      passwordConfirm: 'Secret123',
      shippingData: {
        firstName: 'Ana María',
        lastName: 'Neil-Smith',
        city: 'Springfield',
        country: 'US',
        address_verified: 2,
      },
      billingData: { city: 'Springfield', country: 'US' },
    });
    const update = buildPayload(values, { action: 'customerUpdate', basketNum: 'B1', userid: 7 });
    expect(update.userid).toBe(7);
    expect(update.password).toBeUndefined();
    const guest = buildPayload(
      { ...values, differentBillingAddress: true, billing: { ...address, country: 'CA^Canada', state: 'ON' } },
      { action: 'guestPost', basketNum: 'B1' },
    );
    expect(guest.billToShip).toBe(false);
    expect(guest.billingData).toMatchObject({ country: 'CA', state: 'ON' });
    expect(guest.subscription).toBe(0);
  });
});
