import { POSTAL_ADDRESS_FIELDS } from '~/lib/postal-address';
import { DEFAULT_COUNTRY } from './country-value';

/** The customer form's values (checkout spec section 3): two address blocks, contact and account choices. */

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

export function trimAddress<T extends AddressValues>(address: T): T {
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
