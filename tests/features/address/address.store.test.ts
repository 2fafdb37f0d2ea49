import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toAddressCheck, type AddressCheck } from '~/lib/store-api/address-check';
import { failed, success, type Result } from '~/lib/store-api/result';
import type { AddressInput, ValidateRequest } from '~/features/address/address';
import { createAddressValidator } from '~/features/address/address.store';

const input: AddressInput = {
  address1: '100 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US^United States',
};

function answer(ok: boolean, body: unknown): Result<AddressCheck> {
  return ok ? success(toAddressCheck(body)) : failed({ kind: 'http', status: 422, message: '', body });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('address validator store', () => {
  it('debounces changes by 400 ms and sends only the last address', async () => {
    const sent: ValidateRequest[] = [];
    const validator = createAddressValidator({
      basket: 'B1',
      send: (data) => (sent.push(data), Promise.resolve(answer(true, { success: true, errors: [] }))),
    });
    validator.change({ ...input, zip: '6270' });
    await vi.advanceTimersByTimeAsync(200);
    validator.change(input);
    await vi.advanceTimersByTimeAsync(399);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        street1: '100 Main St',
        street2: '',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
        basket: 'B1',
      },
    ]);
    expect(validator.$state.get()).toMatchObject({ status: 'valid', verified: 2 });
  });

  it('failure keeps the errors, a failure without a list shows the generic error; verified flows to the form', async () => {
    const flags: number[] = [];
    let body: unknown = {
      success: false,
      errors: [{ code: 'E.ADDRESS.INVALID', message: 'm', field: 'zip', suggestion: '62704' }],
    };
    const validator = createAddressValidator({
      onVerified: (value) => flags.push(value),
      send: () => Promise.resolve(answer(false, body)),
    });
    await validator.validateNow(input);
    expect(validator.$state.get()).toMatchObject({
      status: 'invalid',
      verified: 1,
      errors: [{ code: 'E.ADDRESS.INVALID', suggestion: '62704' }],
    });
    body = { success: false };
    await validator.validateNow(input);
    expect(validator.$state.get().errors).toEqual([{ code: 'E.GENERIC', message: '' }]);
    validator.confirm();
    expect(validator.$state.get().status).toBe('confirmed');
    expect(flags).toEqual([1]);
  });

  it('short streets and missing fields never call', async () => {
    const send = vi.fn(() => Promise.resolve(answer(true, null)));
    const validator = createAddressValidator({ send });
    validator.change({ ...input, address1: 'abc' });
    await vi.advanceTimersByTimeAsync(500);
    expect(validator.$state.get().verified).toBe(1);
    validator.change({ ...input, city: '' });
    await vi.advanceTimersByTimeAsync(500);
    expect(validator.$state.get().missing).toEqual(['city']);
    expect(send).not.toHaveBeenCalled();
  });

  it('load: a stored flag of 2 is valid without a call', async () => {
    const send = vi.fn(() => Promise.resolve(answer(true, null)));
    const validator = createAddressValidator({ send });
    validator.load(2, input);
    await vi.advanceTimersByTimeAsync(500);
    expect(validator.$state.get().status).toBe('valid');
    expect(send).not.toHaveBeenCalled();
  });
});
