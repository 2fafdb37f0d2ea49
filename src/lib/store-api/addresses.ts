import { POSTAL_ADDRESS_FIELDS, type PostalAddressFields } from '~/lib/postal-address';
import { isFields, readTexts } from '~/lib/api/read';
import type { GuestRecord } from './guest';
import type { UserRecord } from './user';

/** The shipping and billing addresses of a customer's record (GET a/user/) or a guest record, as review order shows them. */

export type Address = PostalAddressFields;

export interface Addresses {
  shipping: Address;
  billing: Address;
}

/**
 * An address as the API answers it: the customer answer and the guest record keep the names as
 * sent (firstName, lastName), older records use firstname, lastname; both read the same.
 */
export function readAddress(value: unknown): Address | null {
  if (!isFields(value)) return null;
  const entry = value;
  const address = readTexts(
    { ...entry, firstname: entry['firstname'] ?? entry['firstName'], lastname: entry['lastname'] ?? entry['lastName'] },
    POSTAL_ADDRESS_FIELDS,
  );
  return address.address1 !== '' ? address : null;
}

/** Customers answer shipping and billing; null when the record holds no shipping address. */
export function userAddresses({ record }: UserRecord): Addresses | null {
  const shipping = readAddress(record['shipping']);
  return shipping ? { shipping, billing: readAddress(record['billing']) ?? shipping } : null;
}

/** Guest records use the customer-add shape (shippingData, billingData); null when it holds no shipping address. */
export function guestAddresses(record: GuestRecord): Addresses | null {
  const shipping = readAddress(record['shippingData']) ?? readAddress(record['shipping']);
  if (!shipping) return null;
  const billToShip = record['billToShip'];
  const billing = billToShip === false || billToShip === 0 ? readAddress(record['billingData']) : null;
  return { shipping, billing: billing ?? shipping };
}
