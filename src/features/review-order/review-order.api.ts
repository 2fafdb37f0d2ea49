import { POSTAL_ADDRESS_FIELDS, type PostalAddressFields } from '~/lib/postal-address';
import { isFields, readAmount, readList, readText, readTexts, type Fields } from '~/lib/api/read';
import { request, type ApiResult } from '~/lib/api/client';
import { shippingCodeOf, type ShippingCode } from './review-order';

export type Basket = {
  order: { shipping: number; tax: number; groupMenuId: string | undefined };
  lines: { product_id: number | string; sku: string; name: string; quantity: number; extprice: number; mfg_account_id: number; ship_class: string | null | undefined }[];
};

export type Answer<T> = { ok: true; value: T } | { ok: false; result: ApiResult<unknown> };

function fail<T>(result: ApiResult<unknown>): Answer<T> {
  return { ok: false, result };
}

export async function fetchBasket(basketNum: string): Promise<Answer<Basket>> {
  const result = await request({ flag: 'basket', url: `a/basket/${encodeURIComponent(basketNum)}`, noCache: true });
  if (!result.ok) return fail(result);
  const body = result.body;
  const lines = isFields(body) ? readList(body['BASKET'] ?? [], readBasketLine) : null;
  if (!isFields(body) || !lines) return fail({ ...result, ok: false });
  const order = isFields(body['ORDER']) ? body['ORDER'] : {};
  const groupMenuId = order['group_menu_id'];
  return {
    ok: true,
    value: {
      order: {
        shipping: readAmount(order['shipping']),
        tax: readAmount(order['tax']),
        groupMenuId: typeof groupMenuId === 'number' || typeof groupMenuId === 'string' ? String(groupMenuId) : undefined,
      },
      lines,
    },
  };
}

function readBasketLine(line: Fields): Basket['lines'][number] {
  const productId = line['product_id'];
  const shipClass = line['ship_class'];
  return {
    product_id: typeof productId === 'number' ? productId : readText(productId),
    sku: readText(line['sku']),
    name: readText(line['name']) || readText(line['description']),
    quantity: readAmount(line['quantity']),
    extprice: readAmount(line['extprice']),
    mfg_account_id: readAmount(line['mfg_account_id']),
    ship_class: typeof shipClass === 'string' ? shipClass : null,
  };
}

export type Address = PostalAddressFields;

/**
 * An address as the API answers it: the customer answer and the guest record keep the names as
 * sent (firstName, lastName), older records use firstname, lastname; both read the same.
 */
export function readAddress(value: unknown): Address | null {
  if (value === null || typeof value !== 'object') return null;
  const entry = value as Record<string, unknown>;
  const address = readTexts({ ...entry, firstname: entry['firstname'] ?? entry['firstName'], lastname: entry['lastname'] ?? entry['lastName'] }, POSTAL_ADDRESS_FIELDS);
  return address.address1 !== '' ? address : null;
}

/** Guest records use the customer-add shape (shippingData, billingData); customers answer shipping and billing. */
function readGuestAddress(value: unknown): Address | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  return readAddress(record['shippingData']) ?? readAddress(record['shipping']);
}

export interface Addresses {
  shipping: Address;
  billing: Address;
}

export async function fetchAddresses(basketNum: string, guest: boolean): Promise<Answer<Addresses | null>> {
  const result = guest
    ? await request({ flag: 'address', url: `a/guest/${encodeURIComponent(basketNum)}`, noCache: true })
    : await request({ flag: 'address', url: 'a/user/', noCache: true });
  if (!result.ok) return fail(result);
  const body = (result.body ?? {}) as Record<string, unknown>;
  if (guest) return { ok: true, value: addressesOfGuestRecord(body) };
  const shipping = readAddress(body['shipping']);
  return { ok: true, value: shipping ? { shipping, billing: readAddress(body['billing']) ?? shipping } : null };
}

/** The addresses of a guest record (customer-add shape); null when it holds no shipping address. */
export function addressesOfGuestRecord(record: Record<string, unknown>): Addresses | null {
  const shipping = readGuestAddress(record);
  if (!shipping) return null;
  const billToShip = record['billToShip'];
  const billing = billToShip === false || billToShip === 0 ? readAddress(record['billingData']) : null;
  return { shipping, billing: billing ?? shipping };
}

export interface ShippingOption {
  code: ShippingCode;
  cost: number;
}

export interface ShippingAnswer {
  selected: ShippingCode | null;
  available: ShippingOption[];
}

export async function fetchShipping(basketNum: string, guest: boolean, serviceLevel?: ShippingCode): Promise<Answer<ShippingAnswer>> {
  const path = guest ? `a/shipping/${encodeURIComponent(basketNum)}` : `a/user/shipping/${encodeURIComponent(basketNum)}`;
  const result = await request({ flag: 'shipping', url: path, method: 'POST', data: serviceLevel ? { serviceLevel } : {} });
  if (!result.ok) return fail(result);
  const body = result.body;
  const options = isFields(body) ? readList(body['available'] ?? [], (option) => ({ code: shippingCodeOf(readText(option['servicelevel'])), cost: readAmount(option['shipping_cost']) })) : null;
  if (!isFields(body) || !options) return fail({ ...result, ok: false });
  const available = options.filter((option): option is ShippingOption => option.code !== null);
  return { ok: true, value: { selected: shippingCodeOf(readText(body['selected'])), available } };
}

export async function setBasketLanguage(basketNum: string, languageId: string): Promise<ApiResult<unknown>> {
  return request({
    flag: 'basketLanguage',
    url: `a/basket/${encodeURIComponent(basketNum)}`,
    method: 'POST',
    params: { basketNum, language_id: languageId },
  });
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

export async function sendCheckout(basketNum: string, guest: boolean, payload: CheckoutPayload): Promise<ApiResult<unknown>> {
  const path = guest ? `a/checkout/${encodeURIComponent(basketNum)}` : `a/user/checkout/${encodeURIComponent(basketNum)}`;
  return request({ flag: guest ? 'guestCheckout' : 'customerCheckout', url: path, method: 'POST', data: payload, timeout: 60000 });
}
