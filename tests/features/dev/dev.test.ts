import { describe, expect, it } from 'vitest';
import { demoAccount, isDevPageEnabled, sampleBasketPayload, validateSubscriber } from '~/features/dev/dev';

describe('developer page rules', () => {
  it('is reachable outside production only', () => {
    expect(isDevPageEnabled('development')).toBe(true);
    expect(isDevPageEnabled('staging')).toBe(true);
    expect(isDevPageEnabled('e2e')).toBe(true);
    expect(isDevPageEnabled('production')).toBe(false);
  });

  it('builds the sample basket from products 1374449, 2043 and 15732, and from cycle parts in the cycle store', () => {
    expect(sampleBasketPayload('marine')).toEqual({
      store_id: 'marine',
      items: [
        { product_id: 1374449, quantity: 1 },
        { product_id: 2043, quantity: 1 },
        { product_id: 15732, quantity: 1 },
      ],
    });
    expect(sampleBasketPayload('cycle').items.map((item) => item.product_id)).toEqual([400001, 400007, 400009]);
  });

  it('knows a demo account per role', () => {
    expect(demoAccount('customer')?.username).toBe('customer@example.com');
    expect(demoAccount('acai')?.username).toBe('acai@example.com');
    expect(demoAccount('admin')).toBeUndefined();
  });

  it('requires the e-mail and both passwords, matching', () => {
    const form = {
      fname: '',
      lname: '',
      email: 'sub@example.com',
      password: 'Secret123!',
      passwordConfirm: 'Secret123!',
    };
    expect(validateSubscriber(form)).toEqual({});
    expect(validateSubscriber({ ...form, email: '' })).toEqual({ email: 'required' });
    expect(validateSubscriber({ ...form, email: 'nope' })).toEqual({ email: 'email' });
    expect(validateSubscriber({ ...form, password: '', passwordConfirm: '' })).toEqual({
      password: 'required',
      passwordConfirm: 'required',
    });
    expect(validateSubscriber({ ...form, passwordConfirm: 'Other123!' })).toEqual({ passwordConfirm: 'mismatch' });
  });
});
