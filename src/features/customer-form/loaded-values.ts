import { DEFAULT_COUNTRY, countryValue } from './country-value';
import { emptyAddress, type AddressValues, type AddressVerified, type CustomerFormValues } from './form-values';
import { isBillingDifferent } from './billing';

/** The form's values from what the store answers: a customer's details or a guest's last record. */

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
