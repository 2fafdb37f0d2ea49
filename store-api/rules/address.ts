/**
 * Addresses as the checkout reads them from a customer's or guest's record. Records come in the
 * customer payload shape (firstName, shippingData) or the form shape (firstname); country is stored
 * as 'CC^Country name' (spec checkout §3), default 'US^United States'.
 */
export interface PostalAddress {
  firstname: string;
  lastname: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
}

export const DEFAULT_COUNTRY = 'US^United States';

const NAMES: Readonly<Record<keyof PostalAddress, readonly string[]>> = {
  firstname: ['firstname', 'firstName', 'first_name', 'fname'],
  lastname: ['lastname', 'lastName', 'last_name', 'lname'],
  company: ['company'],
  address1: ['address1', 'street1', 'address'],
  address2: ['address2', 'street2'],
  city: ['city'],
  state: ['state'],
  zip: ['zip', 'postal_code', 'zipcode'],
  country: ['country'],
  phone: ['phone'],
  email: ['email', 'emailAddress'],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(record: Record<string, unknown>, names: readonly string[]): string {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string') return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return '';
}

/** Reads an address object; null when there is nothing address-like in it. */
export function readAddress(value: unknown, fallbackEmail = ''): PostalAddress | null {
  if (!isRecord(value)) return null;
  const address = Object.fromEntries(
    (Object.keys(NAMES) as (keyof PostalAddress)[]).map((key) => [key, field(value, NAMES[key])]),
  ) as unknown as PostalAddress;
  if (!address.address1 && !address.city && !address.zip && !address.lastname) return null;
  if (!address.country) address.country = DEFAULT_COUNTRY;
  if (!address.email) address.email = fallbackEmail;
  return address;
}

export function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Shipping and billing of a guest record (customer add shape: shippingData, billingData, billToShip). */
export function guestAddresses(record: unknown): {
  shipping: PostalAddress | null;
  billing: PostalAddress | null;
  email: string;
} {
  if (!isRecord(record)) return { shipping: null, billing: null, email: '' };
  const email = field(record, ['email', 'emailAddress']);
  const shipping = readAddress(record['shippingData'] ?? record['shipping'] ?? record, email);
  const billToShip = record['billToShip'] === true || record['billToShip'] === 1 || record['billToShip'] === '1';
  const billing = billToShip ? shipping : (readAddress(record['billingData'] ?? record['billing'], email) ?? shipping);
  return { shipping, billing, email };
}

/** 'US^United States', 'us', 'United States' -> 'US'; empty -> 'US'. */
export function countryCode(country: string): string {
  const code = (country.split('^')[0] ?? '').trim().toUpperCase();
  if (code === '' || code === 'USA' || code === 'UNITED STATES' || code === 'UNITED STATES OF AMERICA') return 'US';
  return code;
}
