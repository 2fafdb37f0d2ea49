import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, validateAddress, validateCustomerForm } from '~/features/customer-form/validation';
import { trimValues } from '~/features/customer-form/form-values';
import { dictionaries } from '~/lib/i18n/messages';
import { address, filled } from './fixtures';

describe('validation (checkout section 5)', () => {
  it('an address block: each rule with its message', () => {
    expect(validateAddress(address)).toEqual({});
    const empty = validateAddress({
      ...address,
      firstname: '',
      lastname: '',
      country: '',
      state: '',
      city: '',
      zip: '',
      address1: '',
      phone: '',
    });
    expect(empty).toEqual({
      firstname: 'required',
      lastname: 'required',
      country: 'required',
      state: 'required',
      city: 'required',
      zip: 'required',
      address1: 'required',
      phone: 'required',
    });
    expect(validateAddress({ ...address, zip: '123' }).zip).toBe('tooShort');
    expect(validateAddress({ ...address, zip: '1234' }).zip).toBeUndefined();
    expect(validateAddress({ ...address, address1: '1 A' }).address1).toBe('tooShort');
    expect(validateAddress({ ...address, address1: '1 Ab' }).address1).toBeUndefined();
    expect(validateAddress({ ...address, phone: '1234567' }).phone).toBe('tooShort');
    expect(validateAddress({ ...address, phone: '12345678' }).phone).toBeUndefined();
    expect(ERROR_KEYS.tooShort).toBe('validation.tooShort');
    expect(dictionaries.en[ERROR_KEYS.tooShort]).toBe('Too short');
  });

  it('names take letters of any language, space, dot and hyphen only', () => {
    for (const name of ['José', 'Zoë Ann', 'J. R.', 'Jean-Luc', 'Łukasz', 'Михаил', '王小明']) {
      expect(validateAddress({ ...address, firstname: name }).firstname, name).toBeUndefined();
    }
    for (const name of ['R2D2', 'Ann_', 'a@b', "O'Neil"]) {
      expect(validateAddress({ ...address, lastname: name }).lastname, name).toBe('nameChars');
    }
    expect(dictionaries.en[ERROR_KEYS.nameChars]).toBe('Only letters, space, hyphen and dot symbols are allowed');
  });

  it('e-mail required and valid', () => {
    expect(validateCustomerForm(filled({ email: '' }), 'guest').email).toBe('required');
    expect(validateCustomerForm(filled({ email: 'nope@' }), 'guest').email).toBe('email');
    expect(validateCustomerForm(filled(), 'guest')).toEqual({});
    expect(dictionaries.en[ERROR_KEYS.email]).toBe('Incorrect email address');
  });

  it('passwords required and matching for new accounts only', () => {
    expect(validateCustomerForm(filled(), 'create')).toEqual({ password: 'required', passwordConfirm: 'required' });
    expect(validateCustomerForm(filled({ password: 'Secret123', passwordConfirm: 'Secret124' }), 'create')).toEqual({
      passwordConfirm: 'mismatch',
    });
    expect(validateCustomerForm(filled({ password: 'Secret123', passwordConfirm: 'Secret123' }), 'create')).toEqual({});
    expect(validateCustomerForm(filled({ password: 'Sec', passwordConfirm: 'Sec' }), 'create')).toEqual({
      password: 'min5',
    });
    expect(validateCustomerForm(filled(), 'edit')).toEqual({});
    expect(validateCustomerForm(filled({ createAccount: true }), 'guest')).toEqual({
      password: 'required',
      passwordConfirm: 'required',
    });
    expect(dictionaries.en[ERROR_KEYS.mismatch]).toBe("Passwords don't match");
  });

  it('billing is validated only when shown, with the same rules', () => {
    const hidden = filled({ billing: { ...address, zip: '1' } });
    expect(validateCustomerForm(hidden, 'guest')).toEqual({});
    const shown = filled({
      differentBillingAddress: true,
      billing: { ...address, zip: '1', city: '', firstname: 'B2' },
    });
    expect(validateCustomerForm(shown, 'guest')).toEqual({
      'billing.zip': 'tooShort',
      'billing.city': 'required',
      'billing.firstname': 'nameChars',
    });
  });

  it('all text is trimmed before the rules run', () => {
    const padded = trimValues(
      filled({ email: '  ana@example.com ', shipping: { ...address, zip: ' 123 ', city: '   ', address_verified: 0 } }),
    );
    expect(padded.email).toBe('ana@example.com');
    expect(padded.shipping.zip).toBe('123');
    expect(validateCustomerForm(padded, 'guest')).toEqual({ 'shipping.zip': 'tooShort', 'shipping.city': 'required' });
  });
});
