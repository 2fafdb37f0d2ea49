import { describe, expect, it } from 'vitest';
import {
  ERROR_CODE_KEYS,
  GENERIC_ERROR_CODE,
  VALIDATE_DEBOUNCE_MS,
  errorMessage,
  formFieldOf,
  initialValidatorState,
  nextState,
  precheck,
  savedVerification,
  stateOnLoad,
  stateOnOpen,
  submitGate,
  toneOf,
  twoLetterCountry,
  visibleButtons,
  type AddressInput,
} from '~/features/address/address';
import { createTranslate } from '~/lib/i18n/translate';
import { dictionaries } from '~/lib/i18n/messages';

const input: AddressInput = {
  address1: '100 Main St',
  address2: 'Apt 2',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US^United States',
};

describe('the state an address opens with', () => {
  it('follows the stored flag: verified reads valid, checked and refused reads invalid', () => {
    expect(stateOnOpen(2, input).status).toBe('valid');
    expect(stateOnOpen(1, input).status).toBe('invalid');
  });

  it('for an address not checked yet, says at once what the check before a call says', () => {
    const empty = { ...input, address1: '', city: '', zip: '' };
    expect(stateOnOpen(0, empty).missing).toEqual(['city', 'zip', 'address1']);
    expect(stateOnOpen(0, { ...input, zip: '62' }).zipTooShort).toBe(true);
    // A whole address waits for its call: nothing is claimed about it yet.
    expect(stateOnOpen(0, input)).toEqual(initialValidatorState);
  });
});

describe('precheck before any call (shopping section 4)', () => {
  it('missing required fields are named in order', () => {
    expect(precheck({ ...input, city: ' ', zip: '', country: '' })).toEqual({
      kind: 'missing',
      fields: ['country', 'city', 'zip'],
    });
    const t = createTranslate(dictionaries.en);
    expect(t('address.required', { field: t('address.field.zip') })).toBe('ZIP: this field is required');
  });

  it('a ZIP shorter than 4 is "ZIP: too short"', () => {
    expect(precheck({ ...input, zip: '123' })).toEqual({ kind: 'zipTooShort' });
    expect(dictionaries.en['address.zipTooShort']).toBe('ZIP: too short');
  });

  it('a street of 3 characters or fewer is not sent', () => {
    expect(precheck({ ...input, address1: '1 A' })).toEqual({ kind: 'shortStreet' });
    expect(precheck({ ...input, address1: '1 Ab' }).kind).toBe('call');
  });

  it('a country longer than 2 skips validation', () => {
    expect(precheck({ ...input, country: 'Germany' })).toEqual({ kind: 'skipCountry' });
    expect(precheck({ ...input, country: 'DEU^Germany' })).toEqual({ kind: 'skipCountry' });
  });

  it('the call carries street1, the country cut to two capitals, and the basket when given', () => {
    expect(precheck(input, 'B42')).toEqual({
      kind: 'call',
      request: {
        street1: '100 Main St',
        street2: 'Apt 2',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
        basket: 'B42',
      },
    });
    const signedIn = precheck(input);
    expect(signedIn.kind === 'call' && 'basket' in signedIn.request).toBe(false);
    expect(twoLetterCountry('CA^Canada')).toBe('CA');
    expect(twoLetterCountry('de^Germany')).toBe('G');
    expect(VALIDATE_DEBOUNCE_MS).toBe(400);
  });
});

describe('state machine', () => {
  it('on load: flag above 0 marks performed, 2 valid', () => {
    expect(stateOnLoad(0).status).toBe('notPerformed');
    expect(stateOnLoad(1).status).toBe('invalid');
    expect(stateOnLoad(2)).toMatchObject({ status: 'valid', verified: 2 });
  });

  it('success sets valid and verified 2; failure sets 1 with the errors', () => {
    const running = nextState(initialValidatorState, { type: 'started' });
    expect(running.status).toBe('validating');
    expect(nextState(running, { type: 'succeeded' })).toMatchObject({ status: 'valid', verified: 2 });
    const failed = nextState(running, { type: 'failed', errors: [{ code: 'E.ADDRESS.NOT_FOUND', message: 'nope' }] });
    expect(failed).toMatchObject({ status: 'invalid', verified: 1 });
    expect(nextState(failed, { type: 'confirmed' }).status).toBe('confirmed');
    expect(nextState(initialValidatorState, { type: 'confirmed' }).status).toBe('notPerformed');
  });

  it('a short street sets verified 1 without a call; a change resets the state', () => {
    const valid = stateOnLoad(2);
    expect(nextState(valid, { type: 'precheck', result: { kind: 'shortStreet' } })).toMatchObject({
      status: 'notPerformed',
      verified: 1,
    });
    expect(nextState(valid, { type: 'precheck', result: { kind: 'missing', fields: ['zip'] } })).toMatchObject({
      status: 'notPerformed',
      missing: ['zip'],
      verified: 0,
    });
  });

  it('buttons: hidden while running or fields missing; confirm only after a failure and not read-only', () => {
    const failed = nextState(initialValidatorState, { type: 'failed', errors: [{ message: 'x' }] });
    expect(visibleButtons(failed, false)).toEqual({ validate: true, confirm: true, fillInFields: false });
    expect(visibleButtons(failed, true)).toEqual({ validate: false, confirm: false, fillInFields: false });
    expect(visibleButtons(initialValidatorState, false)).toEqual({
      validate: true,
      confirm: false,
      fillInFields: false,
    });
    expect(visibleButtons({ ...initialValidatorState, status: 'validating' }, false)).toEqual({
      validate: false,
      confirm: false,
      fillInFields: false,
    });
    expect(visibleButtons({ ...initialValidatorState, missing: ['city'] }, false)).toEqual({
      validate: false,
      confirm: false,
      fillInFields: true,
    });
  });

  it('a ZIP or street too short to check hides the button that could only do nothing (shopping spec section 4)', () => {
    for (const kind of ['zipTooShort', 'shortStreet'] as const) {
      const short = nextState(initialValidatorState, { type: 'precheck', result: { kind } });
      expect(visibleButtons(short, false)).toEqual({ validate: false, confirm: false, fillInFields: false });
      expect(toneOf(short)).toBe('warning');
    }
    expect(nextState(initialValidatorState, { type: 'precheck', result: { kind: 'shortStreet' } })).toMatchObject({
      streetTooShort: true,
      verified: 1,
    });
  });

  it('colours: success when valid, warning with suggestions, error otherwise', () => {
    expect(toneOf(stateOnLoad(2))).toBe('success');
    expect(
      toneOf({
        ...initialValidatorState,
        status: 'invalid',
        errors: [{ message: 'x', suggestion: 'y', field: 'zip' }],
      }),
    ).toBe('warning');
    expect(toneOf({ ...initialValidatorState, status: 'invalid', errors: [{ message: 'x' }] })).toBe('error');
    expect(toneOf(initialValidatorState)).toBe('neutral');
  });
});

describe('answers and messages', () => {
  it('codes are translated, other errors keep the server message', () => {
    const en = createTranslate(dictionaries.en);
    expect(errorMessage({ code: 'E.ADDRESS.INVALID', message: 'x' }, en)).toBe('Invalid city/state/ZIP');
    expect(errorMessage({ code: 'E.ADDRESS.NOT_FOUND', message: 'x' }, en)).toBe('Address not found');
    expect(errorMessage({ code: 'E.STREET.INVALID', message: 'x' }, en)).toBe('Street is invalid');
    expect(errorMessage({ code: 'E.HOUSE_NUMBER.MISSING', message: 'x' }, en)).toBe('House number is missing');
    expect(errorMessage({ code: 'E.HOUSE_NUMBER.INVALID', message: 'x' }, en)).toBe('House number is invalid');
    expect(errorMessage({ code: 'E.OTHER', message: 'Server says no' }, en)).toBe('Server says no');
    expect(ERROR_CODE_KEYS[GENERIC_ERROR_CODE]).toBe('address.code.generic');
    const fr = createTranslate(dictionaries.fr, dictionaries.en);
    expect(errorMessage({ code: 'E.ADDRESS.NOT_FOUND', message: 'x' }, fr)).toBe('Adresse introuvable');
  });

  it('suggestions name the form field (street1 is address1)', () => {
    expect(formFieldOf('street1')).toBe('address1');
    expect(formFieldOf('zip')).toBe('zip');
    expect(formFieldOf('weird')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});

describe('the form goes on after a valid check or "Keep as entered" (checkout spec section 5)', () => {
  const failed = nextState(initialValidatorState, {
    type: 'failed',
    errors: [{ code: 'E.HOUSE_NUMBER.MISSING', message: '' }],
  });

  it('a failed check stops it until the shopper keeps the address as entered', () => {
    expect(submitGate(failed)).toBe('stop');
    expect(submitGate(nextState(failed, { type: 'confirmed' }))).toBe('go');
    expect(submitGate(nextState(initialValidatorState, { type: 'succeeded' }))).toBe('go');
  });

  it('an address not checked yet, or still being checked, is checked first', () => {
    expect(submitGate(initialValidatorState)).toBe('check');
    expect(submitGate(nextState(initialValidatorState, { type: 'started' }))).toBe('check');
  });

  it("the server's check gives the saved flag: kept 1, valid 2, invalid stops, unchecked keeps the posted one", () => {
    const errors = [{ code: 'E.STREET.INVALID', message: 'Street is invalid' }];
    expect(savedVerification({ kind: 'invalid', errors }, true, 2)).toEqual({ ok: true, verified: 1 });
    expect(savedVerification({ kind: 'valid' }, false, 0)).toEqual({ ok: true, verified: 2 });
    expect(savedVerification({ kind: 'invalid', errors }, false, 2)).toEqual({ ok: false, errors });
    expect(savedVerification({ kind: 'invalid', errors: [] }, false, 2)).toEqual({
      ok: false,
      errors: [{ code: GENERIC_ERROR_CODE, message: '' }],
    });
    expect(savedVerification({ kind: 'unchecked' }, false, 1)).toEqual({ ok: true, verified: 1 });
  });
});
