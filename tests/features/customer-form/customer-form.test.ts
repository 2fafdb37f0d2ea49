import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COUNTRY,
  ERROR_KEYS,
  SUBMIT_LABEL_KEYS,
  buildPayload,
  countryValue,
  createsAccount,
  decideMode,
  emptyForm,
  formFromAnswer,
  formatCountry,
  hasChanged,
  isBillingDifferent,
  locationChanged,
  parseCountry,
  resolvedBilling,
  submitAction,
  submitFailure,
  trimValues,
  validateAddress,
  validateCustomerForm,
  welcomeName,
  type AddressValues,
  type CustomerFormValues,
} from '~/features/customer-form/customer-form';
import { ARMED_FORCES, CA_PROVINCES, OTHER_REGION, US_STATES, regionsOf } from '~/features/customer-form/regions';
import { dictionaries } from '~/lib/i18n/messages';
import CustomerFormIsland from '~/features/customer-form/CustomerFormIsland';

const address: AddressValues = {
  firstname: 'Ana María',
  lastname: 'Neil-Smith',
  company: '',
  address1: '100 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: DEFAULT_COUNTRY,
  phone: '2175550100',
};

function filled(overrides: Partial<CustomerFormValues> = {}): CustomerFormValues {
  return {
    ...emptyForm(),
    shipping: { ...address, lastname: 'Smith-Jones', address_verified: 0 },
    email: 'ana@example.com',
    ...overrides,
  };
}

describe('modes decided on load', () => {
  it('signed in = returned to edit with Save; guest editing and guest with Continue; otherwise Create account', () => {
    expect(decideMode({ isAuthorized: true, isGuest: false, isEdit: false, guestQuery: false })).toBe('edit');
    expect(decideMode({ isAuthorized: true, isGuest: false, isEdit: true, guestQuery: true })).toBe('edit');
    expect(decideMode({ isAuthorized: false, isGuest: true, isEdit: true, guestQuery: false })).toBe('guestEdit');
    expect(decideMode({ isAuthorized: false, isGuest: true, isEdit: false, guestQuery: false })).toBe('guest');
    expect(decideMode({ isAuthorized: false, isGuest: false, isEdit: false, guestQuery: true })).toBe('guest');
    expect(decideMode({ isAuthorized: false, isGuest: false, isEdit: true, guestQuery: false })).toBe('create');
    const en = dictionaries.en;
    expect(en[SUBMIT_LABEL_KEYS.edit]).toBe('Save');
    expect(en[SUBMIT_LABEL_KEYS.guestEdit]).toBe('Continue');
    expect(en[SUBMIT_LABEL_KEYS.guest]).toBe('Continue');
    expect(en[SUBMIT_LABEL_KEYS.create]).toBe('Create account');
  });

  it('a new account is created in create mode, or when a guest ticks the option', () => {
    expect(createsAccount('create', false)).toBe(true);
    expect(createsAccount('guest', true)).toBe(true);
    expect(createsAccount('guest', false)).toBe(false);
    expect(createsAccount('edit', true)).toBe(false);
  });
});

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

describe('billing difference rule', () => {
  it('differs when a field differs and billing is non-empty or shipping is empty', () => {
    expect(isBillingDifferent(address, { ...address })).toBe(false);
    expect(isBillingDifferent(address, { ...address, city: 'Chicago' })).toBe(true);
    // An empty billing field just follows shipping.
    expect(isBillingDifferent(address, { ...address, company: '', city: '' })).toBe(false);
    // Shipping empty, billing filled: different.
    expect(isBillingDifferent({ ...address, company: '' }, { ...address, company: 'ACME' })).toBe(true);
    expect(isBillingDifferent({ ...address, city: '' }, { ...address, city: 'Chicago' })).toBe(true);
  });

  it('billing is copied from shipping when not different', () => {
    const values = filled({ billing: { ...address, city: 'Elsewhere' } });
    expect(resolvedBilling(values).city).toBe('Springfield');
    expect(resolvedBilling({ ...values, differentBillingAddress: true }).city).toBe('Elsewhere');
  });
});

describe('changes and submit', () => {
  it('unchanged data of an existing customer or guest goes straight on', () => {
    expect(submitAction({ mode: 'edit', createsAccount: false, changed: false, existing: true })).toBe('none');
    expect(submitAction({ mode: 'guestEdit', createsAccount: false, changed: false, existing: true })).toBe('none');
    expect(submitAction({ mode: 'guest', createsAccount: false, changed: false, existing: false })).toBe('guestPost');
    expect(submitAction({ mode: 'edit', createsAccount: false, changed: true, existing: true })).toBe('customerUpdate');
    expect(submitAction({ mode: 'guestEdit', createsAccount: false, changed: true, existing: true })).toBe('guestPost');
    expect(submitAction({ mode: 'create', createsAccount: true, changed: false, existing: false })).toBe('customerAdd');
    // A subscriber's unchanged form is still sent: the update makes them a customer.
    expect(
      submitAction({ mode: 'edit', createsAccount: false, changed: false, existing: true, subscriber: true }),
    ).toBe('customerUpdate');
    expect(
      submitAction({ mode: 'edit', createsAccount: false, changed: false, existing: true, subscriber: false }),
    ).toBe('none');
  });

  it('trailing spaces are no change; a country or state change marks totals unknown', () => {
    const before = filled();
    expect(hasChanged(before, { ...before, email: ' ana@example.com ' })).toBe(false);
    expect(hasChanged(before, { ...before, shipping: { ...before.shipping, city: 'Peoria' } })).toBe(true);
    expect(locationChanged(before, { ...before, shipping: { ...before.shipping, city: 'Peoria' } })).toBe(false);
    expect(locationChanged(before, { ...before, shipping: { ...before.shipping, state: 'WI' } })).toBe(true);
    expect(locationChanged(before, { ...before, shipping: { ...before.shipping, country: 'CA^Canada' } })).toBe(true);
  });

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

describe('why a save failed', () => {
  it("names an answer that never came, the password an e-mail change needs, else the store's own text", () => {
    expect(submitFailure('guestPost', 'timeout')).toEqual({ key: 'customer.upstreamTimeout' });
    expect(submitFailure('guestPost', 'unreachable')).toEqual({ key: 'common.connectionProblem' });
    expect(submitFailure('customerUpdate', { status: 403, body: { message: 'needs the password' } })).toEqual({
      key: 'customer.emailNeedsPassword',
    });
    expect(submitFailure('guestPost', { status: 403, body: { message: 'refused' } })).toEqual({ text: 'refused' });
    expect(submitFailure('customerAdd', { status: 500, body: null })).toEqual({ key: 'common.somethingWentWrong' });
  });

  it("every key it answers is among the messages the form's island receives", () => {
    const domains: readonly string[] = CustomerFormIsland.messageDomains;
    const keys = [
      submitFailure('guestPost', 'timeout'),
      submitFailure('guestPost', 'unreachable'),
      submitFailure('customerUpdate', { status: 403, body: null }),
    ].map((ref) => ('key' in ref ? ref.key : ''));
    for (const key of keys) expect(domains).toContain(key.split('.')[0]);
  });
});

describe('welcomeName', () => {
  const withFirstName = (firstname: string): CustomerFormValues => ({
    ...emptyForm(),
    shipping: { ...emptyForm().shipping, firstname },
  });

  it("welcomes a returning guest by their last order's first name, trimmed", () => {
    expect(welcomeName(withFirstName('  Dana '))).toBe('Dana');
  });

  it('has no name to welcome by when the last order gave none, or there are no details', () => {
    expect(welcomeName(withFirstName('   '))).toBeNull();
    expect(welcomeName(null)).toBeNull();
  });
});
