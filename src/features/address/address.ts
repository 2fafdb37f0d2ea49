/** The address validator (shopping spec sections 2 and 4): checks before the call, states, error texts. */

export const VALIDATE_DEBOUNCE_MS = 400;
import type { MessageKey, Translate } from '~/lib/i18n/translate';
import type { AddressError } from '~/lib/store-api/address-check';
import type { PostalAddressFields } from '~/lib/postal-address';
export const ZIP_MIN = 4;
/** Streets of this length or shorter are never sent for validation. */
export const STREET_MAX_UNCHECKED = 3;

export type VerifiedFlag = 0 | 1 | 2;

/** What the validator reads of a form; `country` is the form value ('CC^Country name') or a bare code. */
export type AddressInput = Pick<PostalAddressFields, 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country'>;

/** Fields the validator needs, in the order the prompt names them. */
export const REQUIRED_FIELDS = ['country', 'state', 'city', 'zip', 'address1'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];

export interface ValidateRequest {
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  basket?: string;
}

export type Precheck =
  | { kind: 'missing'; fields: RequiredField[] }
  | { kind: 'zipTooShort' }
  /** The country is not a two-letter code: validation does not apply. */
  | { kind: 'skipCountry' }
  /** A short street is stored as not verified (1) without asking the server. */
  | { kind: 'shortStreet' }
  | { kind: 'call'; request: ValidateRequest };

/** The value cut to its first two capital letters ('US^United States' -> 'US'). */
export function twoLetterCountry(value: string): string {
  return (value.match(/[A-Z]/g) ?? []).slice(0, 2).join('');
}

function countryPart(value: string): string {
  const separator = value.indexOf('^');
  return (separator < 0 ? value : value.slice(0, separator)).trim();
}

/** What to do with the address as typed, before any call. */
export function precheck(input: AddressInput, basket?: string): Precheck {
  const value = (field: keyof AddressInput) => (input[field] ?? '').trim();
  const missing = REQUIRED_FIELDS.filter((field) => value(field) === '');
  if (missing.length > 0) return { kind: 'missing', fields: missing };
  if (value('zip').length < ZIP_MIN) return { kind: 'zipTooShort' };
  if (countryPart(value('country')).length > 2) return { kind: 'skipCountry' };
  if (value('address1').length <= STREET_MAX_UNCHECKED) return { kind: 'shortStreet' };
  const request: ValidateRequest = {
    street1: value('address1'),
    street2: value('address2'),
    city: value('city'),
    state: value('state'),
    zip: value('zip'),
    country: twoLetterCountry(value('country')),
  };
  if (basket) request.basket = basket;
  return { kind: 'call', request };
}

export type { AddressError };

export type ValidatorStatus = 'notPerformed' | 'validating' | 'valid' | 'invalid' | 'confirmed';

export interface ValidatorState {
  status: ValidatorStatus;
  /** Problems found before any call ("{field}: this field is required", "ZIP: too short"). */
  missing: RequiredField[];
  zipTooShort: boolean;
  /** A street of 3 characters or fewer: stored as not verified, never sent. */
  streetTooShort: boolean;
  errors: AddressError[];
  verified: VerifiedFlag;
}

export const initialValidatorState: ValidatorState = {
  status: 'notPerformed',
  missing: [],
  zipTooShort: false,
  streetTooShort: false,
  errors: [],
  verified: 0,
};

/** On first load an existing flag above 0 marks validation performed, and 2 marks it valid. */
export function stateOnLoad(verified: VerifiedFlag): ValidatorState {
  if (verified === 2) return { ...initialValidatorState, status: 'valid', verified };
  if (verified === 1) return { ...initialValidatorState, status: 'invalid', verified };
  return initialValidatorState;
}

/**
 * The state an address opens with: its stored flag and, for one not checked yet, what the check
 * before any call says of it (fields missing, a short ZIP). The page the server draws is then the
 * state the island keeps once it wakes, and nothing below the address moves.
 */
export function stateOnOpen(verified: VerifiedFlag, input: AddressInput, basket?: string): ValidatorState {
  const state = stateOnLoad(verified);
  if (verified !== 0) return state;
  const result = precheck(input, basket);
  return result.kind === 'call' ? state : nextState(state, { type: 'precheck', result });
}

export type ValidatorEvent =
  | { type: 'precheck'; result: Precheck }
  | { type: 'started' }
  | { type: 'succeeded' }
  | { type: 'failed'; errors: AddressError[] }
  | { type: 'confirmed' };

export function nextState(state: ValidatorState, event: ValidatorEvent): ValidatorState {
  switch (event.type) {
    case 'precheck': {
      const { result } = event;
      const base = { ...initialValidatorState, verified: state.verified };
      if (result.kind === 'missing') return { ...base, missing: result.fields, verified: 0 };
      if (result.kind === 'zipTooShort') return { ...base, zipTooShort: true, verified: 0 };
      if (result.kind === 'shortStreet') return { ...base, streetTooShort: true, verified: 1 };
      if (result.kind === 'skipCountry') return { ...base, verified: 0 };
      return { ...base, verified: 0 };
    }
    case 'started':
      return { ...state, status: 'validating', errors: [] };
    case 'succeeded':
      return { ...state, status: 'valid', errors: [], verified: 2 };
    case 'failed':
      return { ...state, status: 'invalid', errors: event.errors, verified: 1 };
    case 'confirmed':
      return state.status === 'invalid' ? { ...state, status: 'confirmed' } : state;
  }
}

/** A failure that came without an error list. */
export const GENERIC_ERROR_CODE = 'E.GENERIC';

/** Locale keys of the server's error codes; other codes show the server's own message. */
export const ERROR_CODE_KEYS: Readonly<Record<string, MessageKey>> = {
  'E.ADDRESS.INVALID': 'address.code.addressInvalid',
  'E.ADDRESS.NOT_FOUND': 'address.code.addressNotFound',
  'E.STREET.INVALID': 'address.code.streetInvalid',
  'E.HOUSE_NUMBER.MISSING': 'address.code.houseNumberMissing',
  'E.HOUSE_NUMBER.INVALID': 'address.code.houseNumberInvalid',
  [GENERIC_ERROR_CODE]: 'address.code.generic',
};

export function errorMessage(error: AddressError, t: Translate): string {
  const key = error.code ? ERROR_CODE_KEYS[error.code] : undefined;
  return key ? t(key) : error.message;
}

/** The form field a suggestion fills: the API speaks of street1 and street2. */
export function formFieldOf(apiField: string | undefined): keyof AddressInput | null {
  switch (apiField) {
    case 'street1':
    case 'address1':
      return 'address1';
    case 'street2':
    case 'address2':
      return 'address2';
    case 'city':
    case 'state':
    case 'zip':
    case 'country':
      return apiField;
    default:
      return null;
  }
}

/**
 * Validate and confirm are hidden while a check runs or fields are missing or too short (the
 * check could not be made, and the validator says why instead); confirm only after a failure.
 */
export function visibleButtons(
  state: ValidatorState,
  readOnly: boolean,
): { validate: boolean; confirm: boolean; fillInFields: boolean } {
  const fillInFields = state.missing.length > 0;
  const hidden = state.status === 'validating' || fillInFields || state.zipTooShort || state.streetTooShort;
  return {
    validate: !hidden && !readOnly,
    confirm: !hidden && !readOnly && state.status === 'invalid',
    fillInFields,
  };
}

export type Tone = 'neutral' | 'warning' | 'error' | 'success';

/** Warning when a check failed with suggestions to use, error otherwise; success when valid. */
export function toneOf(state: ValidatorState): Tone {
  if (state.status === 'valid') return 'success';
  if (state.status === 'confirmed') return 'warning';
  if (state.status === 'invalid')
    return state.errors.length > 0 && state.errors.every((error) => error.suggestion) ? 'warning' : 'error';
  if (state.missing.length > 0 || state.zipTooShort || state.streetTooShort) return 'warning';
  return 'neutral';
}

/**
 * Whether the customer form may go on (checkout spec section 5): after a valid check or the
 * shopper's explicit "Keep as entered"; a failed check stops it; an address not checked yet is
 * checked first (after that check, only a failure stops it: a check that does not apply, such as
 * a country without a two-letter code, lets the form go on).
 */
export function submitGate(state: ValidatorState): 'go' | 'check' | 'stop' {
  if (state.status === 'valid' || state.status === 'confirmed') return 'go';
  if (state.status === 'invalid') return 'stop';
  return 'check';
}

/** What "Keep as entered" posts as the form's `addressCheck`, from its own button or from the island. */
export const ADDRESS_KEPT = 'kept';

/** What the server's own check of a posted address found; unchecked when it could not be asked or does not apply. */
export type ServerCheck = { kind: 'valid' } | { kind: 'invalid'; errors: AddressError[] } | { kind: 'unchecked' };

/**
 * The flag a posted address is saved with, or the errors that stop the save: the same rule as the
 * form's, for a post that may not have run the form's script. Kept as entered saves it as not
 * verified (1) without asking; a check the server could not make keeps what the form said.
 */
export function savedVerification(
  check: ServerCheck,
  kept: boolean,
  posted: VerifiedFlag,
): { ok: true; verified: VerifiedFlag } | { ok: false; errors: AddressError[] } {
  if (kept) return { ok: true, verified: 1 };
  if (check.kind === 'valid') return { ok: true, verified: 2 };
  if (check.kind === 'invalid')
    return { ok: false, errors: check.errors.length > 0 ? check.errors : [{ code: GENERIC_ERROR_CODE, message: '' }] };
  return { ok: true, verified: posted };
}
