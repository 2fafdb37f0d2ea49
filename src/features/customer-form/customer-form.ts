/** Rules of the customer form (checkout spec sections 2-5): modes, validation, billing, payloads. */

import type { MessageKey } from '~/lib/i18n/translate';
import type { MessageRef } from '~/lib/i18n/message-ref';
import { errorText } from '~/lib/api/errors';
import { POSTAL_ADDRESS_FIELDS } from '~/lib/postal-address';
import { isPasswordTooShort } from '~/features/session/public';
import { isEmail } from '~/lib/email';
import type { AddressError } from '~/features/address/public';

export const ADDRESS_FIELDS = POSTAL_ADDRESS_FIELDS;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type AddressVerified = 0 | 1 | 2;
export interface ShippingValues extends AddressValues {
  address_verified: AddressVerified;
}

export interface CustomerFormValues {
  shipping: ShippingValues;
  billing: AddressValues;
  email: string;
  subscribe: boolean;
  differentBillingAddress: boolean;
  /** The guest's choice to open an account instead; always on when the mode is create. */
  createAccount: boolean;
  password: string;
  passwordConfirm: string;
}

export type FormMode = 'edit' | 'guestEdit' | 'guest' | 'create';

export const SUBMIT_LABEL_KEYS: Readonly<Record<FormMode, MessageKey>> = {
  edit: 'customer.submit.save',
  guestEdit: 'customer.submit.continue',
  guest: 'customer.submit.continue',
  create: 'customer.submit.createAccount',
};

export interface ModeInput {
  isAuthorized: boolean;
  isGuest: boolean;
  isEdit: boolean;
  /** guest=true in the address: chose "continue as guest" on sign-in. */
  guestQuery: boolean;
}

/** A guest buying again is welcomed by the first name of their last guest order, when it has one. */
export function welcomeName(values: CustomerFormValues | null): string | null {
  const name = values?.shipping.firstname.trim() ?? '';
  return name === '' ? null : name;
}

/** Decided on load: signed in = returned to edit; guest editing; guest; anyone else creates an account. */
export function decideMode({ isAuthorized, isGuest, isEdit, guestQuery }: ModeInput): FormMode {
  if (isAuthorized) return 'edit';
  if (isGuest && isEdit) return 'guestEdit';
  if (isGuest || guestQuery) return 'guest';
  return 'create';
}

export function createsAccount(mode: FormMode, createAccount: boolean): boolean {
  return mode === 'create' || ((mode === 'guest' || mode === 'guestEdit') && createAccount);
}

// ---- Country values: 'CC^Country name' ----

export const DEFAULT_COUNTRY = 'US^United States';

export function formatCountry(code: string, name: string): string {
  return `${code}^${name}`;
}

/** Splits 'CC^Country name'; a bare value is taken as the code. */
export function parseCountry(value: string): { code: string; name: string } {
  const separator = value.indexOf('^');
  if (separator < 0) return { code: value.trim(), name: value.trim() };
  return { code: value.slice(0, separator).trim(), name: value.slice(separator + 1).trim() };
}

// ---- Validation (checkout spec section 5) ----

export type ErrorCode = 'required' | 'tooShort' | 'nameChars' | 'email' | 'mismatch' | 'min5';

export const ERROR_KEYS: Readonly<Record<ErrorCode, MessageKey>> = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  nameChars: 'validation.nameChars',
  email: 'validation.email',
  mismatch: 'validation.passwordsDontMatch',
  min5: 'validation.min5',
};

export const MIN_LENGTH = { zip: 4, address1: 4, phone: 8 } as const;

/** Letters of any language, space, dot and hyphen. */
const NAME = /^[\p{L}\p{M} .-]+$/u;

export function isValidName(value: string): boolean {
  return NAME.test(value);
}

/** The form's fields outside the address blocks. */
export const CONTACT_FIELDS = ['email', 'password', 'passwordConfirm'] as const;
export type FieldPath = `shipping.${AddressField}` | `billing.${AddressField}` | (typeof CONTACT_FIELDS)[number];
export type FormErrors = Partial<Record<FieldPath, ErrorCode>>;

function trimAddress<T extends AddressValues>(address: T): T {
  const copy = { ...address };
  for (const field of ADDRESS_FIELDS) copy[field] = (address[field] ?? '').trim();
  return copy;
}

/** Every submitted text value is trimmed. */
export function trimValues(values: CustomerFormValues): CustomerFormValues {
  return {
    ...values,
    shipping: trimAddress(values.shipping),
    billing: trimAddress(values.billing),
    email: values.email.trim(),
    password: values.password.trim(),
    passwordConfirm: values.passwordConfirm.trim(),
  };
}

/** Rules of one address block; company and the second address line are optional. */
export function validateAddress(address: AddressValues): Partial<Record<AddressField, ErrorCode>> {
  const errors: Partial<Record<AddressField, ErrorCode>> = {};
  for (const field of ['firstname', 'lastname'] as const) {
    if (!address[field]) errors[field] = 'required';
    else if (!isValidName(address[field])) errors[field] = 'nameChars';
  }
  for (const field of ['country', 'state', 'city'] as const) if (!address[field]) errors[field] = 'required';
  for (const field of ['zip', 'address1', 'phone'] as const) {
    if (!address[field]) errors[field] = 'required';
    else if (address[field].length < MIN_LENGTH[field]) errors[field] = 'tooShort';
  }
  return errors;
}

/** Validates trimmed values; billing only when it is shown, passwords only for a new account. */
export function validateCustomerForm(values: CustomerFormValues, mode: FormMode): FormErrors {
  const errors: FormErrors = {};
  for (const [field, code] of Object.entries(validateAddress(values.shipping)))
    errors[`shipping.${field as AddressField}`] = code;
  if (values.differentBillingAddress) {
    for (const [field, code] of Object.entries(validateAddress(values.billing)))
      errors[`billing.${field as AddressField}`] = code;
  }
  if (!values.email) errors.email = 'required';
  else if (!isEmail(values.email)) errors.email = 'email';
  if (createsAccount(mode, values.createAccount)) {
    if (!values.password) errors.password = 'required';
    else if (isPasswordTooShort(values.password)) errors.password = 'min5';
    if (!values.passwordConfirm) errors.passwordConfirm = 'required';
    else if (values.password && values.password !== values.passwordConfirm) errors.passwordConfirm = 'mismatch';
  }
  return errors;
}

export function hasErrors(errors: FormErrors): boolean {
  return Object.keys(errors).length > 0;
}

// ---- Billing ----

/**
 * Shipping and billing differ when any field differs and the billing field is non-empty or
 * the shipping field is empty (an empty billing field simply follows shipping).
 */
export function isBillingDifferent(shipping: AddressValues, billing: AddressValues): boolean {
  return ADDRESS_FIELDS.some((field) => {
    const ship = (shipping[field] ?? '').trim();
    const bill = (billing[field] ?? '').trim();
    return ship !== bill && (bill !== '' || ship === '');
  });
}

/** Billing as submitted: a copy of shipping unless a different billing address was chosen. */
export function resolvedBilling(values: CustomerFormValues): AddressValues {
  if (values.differentBillingAddress) return values.billing;
  const { address_verified: _verified, ...address } = values.shipping;
  return address;
}

// ---- Changes and submit ----

function comparable(values: CustomerFormValues): string {
  const trimmed = trimValues(values);
  return JSON.stringify({
    shipping: trimAddress(trimmed.shipping),
    billing: resolvedBilling(trimmed),
    email: trimmed.email,
    subscribe: trimmed.subscribe,
  });
}

export function hasChanged(initial: CustomerFormValues, current: CustomerFormValues): boolean {
  return comparable(initial) !== comparable(current);
}

/** A country or state change makes tax and shipping unknown until the review recalculates them. */
export function locationChanged(initial: CustomerFormValues, current: CustomerFormValues): boolean {
  const before = { s: initial.shipping, b: resolvedBilling(initial) };
  const after = { s: current.shipping, b: resolvedBilling(current) };
  return (
    before.s.country.trim() !== after.s.country.trim() ||
    before.s.state.trim() !== after.s.state.trim() ||
    before.b.country.trim() !== after.b.country.trim() ||
    before.b.state.trim() !== after.b.state.trim()
  );
}

export type SubmitAction = 'none' | 'customerAdd' | 'customerUpdate' | 'guestPost';

/**
 * Unchanged data of an existing customer or guest goes straight on; otherwise a new account is
 * added, a signed-in customer updated, or the guest record posted. A subscriber's form is always
 * sent, changed or not: the update is what makes them a customer (checkout §4).
 */
export function submitAction(input: {
  mode: FormMode;
  createsAccount: boolean;
  changed: boolean;
  existing: boolean;
  subscriber?: boolean;
}): SubmitAction {
  if (input.createsAccount) return 'customerAdd';
  if (input.mode === 'edit' && input.subscriber) return 'customerUpdate';
  if (!input.changed && input.existing) return 'none';
  return input.mode === 'edit' ? 'customerUpdate' : 'guestPost';
}

/** A save as the island decided it, the values as typed (the server trims and checks them again). */
export interface SubmitInput {
  action: Exclude<SubmitAction, 'none'>;
  mode: FormMode;
  basketNum: string;
  userid?: string | number | undefined;
  values: CustomerFormValues;
  /** The shopper chose "Keep as entered" after a failed address check. */
  addressKept?: boolean;
}

/** What the island learns of a save: where it stands, in field error codes and message keys. */
export type SubmitResult =
  | { ok: true }
  | { ok: false; errors: FormErrors }
  /** The shipping address failed the check and was not kept as entered. */
  | { ok: false; address: AddressError[] }
  /** `loggedOut`: the session ended while saving; the visitor logs in again. */
  | { ok: false; failure: MessageRef; loggedOut?: true };

/**
 * Why a save failed: an answer that never came says so, an e-mail change refused for want of the
 * current password (which this form does not ask for) points to account settings, otherwise the
 * store's own text.
 */
export function submitFailure(
  action: Exclude<SubmitAction, 'none'>,
  answer: { status: number; body: unknown } | 'timeout' | 'unreachable',
): MessageRef {
  if (answer === 'timeout') return { key: 'customer.upstreamTimeout' };
  if (answer === 'unreachable') return { key: 'common.connectionProblem' };
  if (action === 'customerUpdate' && answer.status === 403) return { key: 'customer.emailNeedsPassword' };
  const text = errorText(answer.body);
  return text ? { text } : { key: 'common.somethingWentWrong' };
}

// ---- Payloads (checkout spec section 3) ----

/** An address as the store's customer calls take it: names in camel case, `country` a two-letter code. */
export type AddressPayload = Omit<AddressValues, 'firstname' | 'lastname'> & { firstName: string; lastName: string };

export interface CustomerPayload {
  email: string;
  username: string;
  shippingData: AddressPayload & { address_verified: AddressVerified };
  billToShip: boolean;
  billingData: AddressPayload;
  basketNum: string;
  subscription: 0 | 1;
  password?: string;
  passwordConfirm?: string;
  userid?: string | number;
}

export function addressPayload(address: AddressValues): AddressPayload {
  return {
    firstName: address.firstname,
    lastName: address.lastname,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: parseCountry(address.country).code,
    phone: address.phone,
  };
}

/** Customer add (with passwords), customer update (with userid) or guest post, from trimmed values. */
export function buildPayload(
  raw: CustomerFormValues,
  options: { action: Exclude<SubmitAction, 'none'>; basketNum: string; userid?: string | number | undefined },
): CustomerPayload {
  const values = trimValues(raw);
  const payload: CustomerPayload = {
    email: values.email,
    username: values.email,
    shippingData: { ...addressPayload(values.shipping), address_verified: values.shipping.address_verified },
    billToShip: !values.differentBillingAddress,
    billingData: addressPayload(resolvedBilling(values)),
    basketNum: options.basketNum,
    subscription: values.subscribe ? 1 : 0,
  };
  if (options.action === 'customerAdd') {
    payload.password = values.password;
    payload.passwordConfirm = values.passwordConfirm;
  }
  if (options.action === 'customerUpdate' && options.userid !== undefined) payload.userid = options.userid;
  return payload;
}

// ---- Loaded addresses ----

export function emptyAddress(country = DEFAULT_COUNTRY): AddressValues {
  return {
    firstname: '',
    lastname: '',
    company: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zip: '',
    country,
    phone: '',
  };
}

export function emptyForm(): CustomerFormValues {
  return {
    shipping: { ...emptyAddress(), address_verified: 0 },
    billing: emptyAddress(),
    email: '',
    // Consent is asked, not assumed (the spec's default is ticked).
    subscribe: false,
    differentBillingAddress: false,
    createAccount: false,
    password: '',
    passwordConfirm: '',
  };
}

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(record: Loose, ...keys: string[]): string {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

/** A country code or 'CC^Name' from the API as the form's 'CC^Name' value. */
export function countryValue(raw: string, nameOf: (code: string) => string | undefined): string {
  if (!raw) return DEFAULT_COUNTRY;
  const { code } = parseCountry(raw);
  const upper = code.toUpperCase();
  const name = nameOf(upper);
  if (name) return formatCountry(upper, name);
  return raw.includes('^') ? raw : DEFAULT_COUNTRY;
}

function addressFrom(
  record: Loose,
  nameOf: (code: string) => string | undefined,
  fallbackCountry = DEFAULT_COUNTRY,
): AddressValues {
  const country = text(record, 'country');
  return {
    firstname: text(record, 'firstname', 'firstName', 'first_name', 'fname'),
    lastname: text(record, 'lastname', 'lastName', 'last_name', 'lname'),
    company: text(record, 'company'),
    address1: text(record, 'address1', 'street1'),
    address2: text(record, 'address2', 'street2'),
    city: text(record, 'city'),
    state: text(record, 'state'),
    zip: text(record, 'zip'),
    country: country ? countryValue(country, nameOf) : fallbackCountry,
    phone: text(record, 'phone'),
  };
}

function verifiedOf(value: unknown): AddressVerified {
  const number = Number(value);
  return number === 1 || number === 2 ? number : 0;
}

/**
 * Form values from a customer answer ({shipping, billing, user}) or a guest record (customer add
 * shape); null when it holds no usable shipping address.
 */
export function formFromAnswer(body: unknown, nameOf: (code: string) => string | undefined): CustomerFormValues | null {
  if (!isRecord(body)) return null;
  const shippingRaw = body['shipping'] ?? body['shippingData'];
  if (!isRecord(shippingRaw)) return null;
  const billingRaw = body['billing'] ?? body['billingData'];
  const user = isRecord(body['user']) ? body['user'] : {};
  const shipping = addressFrom(shippingRaw, nameOf);
  if (!shipping.address1 && !shipping.firstname) return null;
  const billing = isRecord(billingRaw)
    ? addressFrom(billingRaw, nameOf, shipping.country)
    : emptyAddress(shipping.country);
  const subscription = shippingRaw['subscribe'] ?? body['subscription'] ?? body['subscribe'];
  const billToShip = body['billToShip'];
  return {
    shipping: { ...shipping, address_verified: verifiedOf(shippingRaw['address_verified']) },
    billing,
    email: text(body, 'email') || text(user, 'email') || text(shippingRaw, 'email'),
    subscribe: subscription === true || Number(subscription) === 1,
    differentBillingAddress: billToShip === true ? false : isBillingDifferent(shipping, billing),
    createAccount: false,
    password: '',
    passwordConfirm: '',
  };
}
