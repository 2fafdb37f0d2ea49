import { POSTAL_ADDRESS_FIELDS, type PostalAddressFields } from '~/lib/postal-address';
import { isFields, readTexts } from '~/lib/api/read';
import { call } from '~/lib/api/client';
import type { CheckoutAnswer } from '~/lib/store-api/checkout';
import { getBasket, getUser } from '~/lib/store-api/calls';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { mapResult, type Result } from '~/lib/store-api/result';
import type { ShippingAnswer, ShippingOption } from '~/lib/store-api/shipping';
import type { ShippingCode } from './review-order';

/** Review order's own flag: a newer load of the basket cancels the earlier. */
export function getReviewBasket(basketNum: string) {
  return getBasket(basketNum, { flag: 'basket' });
}

export type Address = PostalAddressFields;

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

/** Guest records use the customer-add shape (shippingData, billingData); customers answer shipping and billing. */
function readGuestAddress(value: unknown): Address | null {
  if (!isFields(value)) return null;
  return readAddress(value['shippingData']) ?? readAddress(value['shipping']);
}

export interface Addresses {
  shipping: Address;
  billing: Address;
}

/** The signed-in customer's addresses (a guest's come with guest authorization). */
export async function fetchAddresses(): Promise<Result<Addresses | null>> {
  return mapResult(await getUser({ flag: 'address' }), ({ record }) => {
    const shipping = readAddress(record['shipping']);
    return shipping ? { shipping, billing: readAddress(record['billing']) ?? shipping } : null;
  });
}

/** The addresses of a guest record (customer-add shape); null when it holds no shipping address. */
export function addressesOfGuestRecord(record: Record<string, unknown>): Addresses | null {
  const shipping = readGuestAddress(record);
  if (!shipping) return null;
  const billToShip = record['billToShip'];
  const billing = billToShip === false || billToShip === 0 ? readAddress(record['billingData']) : null;
  return { shipping, billing: billing ?? shipping };
}

export type { ShippingAnswer, ShippingOption };

export async function fetchShipping(
  basketNum: string,
  guest: boolean,
  serviceLevel?: ShippingCode,
): Promise<Result<ShippingAnswer>> {
  const entry = guest ? ENDPOINTS.guestShipping : ENDPOINTS.customerShipping;
  return call(entry, { params: { basketNum }, data: serviceLevel ? { serviceLevel } : {} });
}

export interface CheckoutPayload {
  payType: 'cc' | 'pp' | 'ol';
  order_notes: string;
  group_menu_id?: string;
  cardNumber?: string;
  csv?: string;
  exp_month?: string;
  exp_year?: string;
  /** Where the wallet page sends the shopper back. */
  siteOrigin?: string;
}

export async function sendCheckout(
  basketNum: string,
  guest: boolean,
  payload: CheckoutPayload,
): Promise<Result<CheckoutAnswer>> {
  return call(guest ? ENDPOINTS.guestCheckout : ENDPOINTS.customerCheckout, {
    params: { basketNum },
    data: payload,
    timeout: 60000,
  });
}
