import type { MessageKey } from '~/lib/i18n/translate';
import { isPasswordTooShort } from '~/features/session/public';
import { isEmail } from '~/lib/email';
import type { AddressField, AddressValues, CustomerFormValues } from './form-values';
import { createsAccount, type FormMode } from './form-mode';

/** Field rules of the customer form: checkout spec section 5. */

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
