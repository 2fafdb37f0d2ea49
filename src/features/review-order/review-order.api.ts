import { z } from 'zod/mini';
import { request, type ApiResult } from '~/lib/api/client';
import { shippingCodeOf, type ShippingCode } from './review-order';

const num = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()]))),
  z.transform((value) => {
    const number = Number(value ?? 0);
    return Number.isFinite(number) ? number : 0;
  }),
);
const str = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()]))),
  z.transform((value) => (value === null || value === undefined ? '' : String(value))),
);

const basketSchema = z.object({
  ORDER: z.optional(
    z.nullable(
      z.object({
        orderTotal: num,
        shipping: num,
        tax: num,
        shiptype: str,
        group_menu_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
      }),
    ),
  ),
  BASKET: z.optional(
    z.nullable(
      z.array(
        z.object({
          product_id: z.union([z.number(), z.string()]),
          sku: str,
          name: str,
          description: str,
          quantity: num,
          pricediscounted: num,
          extprice: num,
          mfg_account_id: num,
          ship_class: z.optional(z.nullable(z.string())),
        }),
      ),
    ),
  ),
});

export type Basket = {
  order: { orderTotal: number; shipping: number; tax: number; shiptype: string; groupMenuId: string | undefined };
  lines: { product_id: number | string; sku: string; name: string; quantity: number; price: number; extprice: number; mfg_account_id: number; ship_class: string | null | undefined }[];
};

export type Answer<T> = { ok: true; value: T } | { ok: false; result: ApiResult<unknown> };

function fail<T>(result: ApiResult<unknown>): Answer<T> {
  return { ok: false, result };
}

export async function fetchBasket(basketNum: string): Promise<Answer<Basket>> {
  const result = await request({ flag: 'basket', url: `a/basket/${encodeURIComponent(basketNum)}`, noCache: true });
  if (!result.ok) return fail(result);
  const parsed = basketSchema.safeParse(result.body);
  if (!parsed.success) return fail({ ...result, ok: false });
  const order = parsed.data.ORDER;
  return {
    ok: true,
    value: {
      order: {
        orderTotal: order?.orderTotal ?? 0,
        shipping: order?.shipping ?? 0,
        tax: order?.tax ?? 0,
        shiptype: order?.shiptype ?? '',
        groupMenuId: order?.group_menu_id === undefined || order.group_menu_id === null ? undefined : String(order.group_menu_id),
      },
      lines: (parsed.data.BASKET ?? []).map((line) => ({
        product_id: line.product_id,
        sku: line.sku,
        name: line.name || line.description,
        quantity: line.quantity,
        price: line.pricediscounted,
        extprice: line.extprice,
        mfg_account_id: line.mfg_account_id,
        ship_class: line.ship_class,
      })),
    },
  };
}

const addressSchema = z.object({
  firstname: str,
  lastname: str,
  company: str,
  address1: str,
  address2: str,
  city: str,
  state: str,
  zip: str,
  country: str,
  phone: str,
});
export type Address = z.infer<typeof addressSchema>;

/**
 * An address as the API answers it: the customer answer and the guest record keep the names as
 * sent (firstName, lastName), older records use firstname, lastname; both read the same.
 */
export function readAddress(value: unknown): Address | null {
  if (value === null || typeof value !== 'object') return null;
  const entry = value as Record<string, unknown>;
  const parsed = addressSchema.safeParse({
    ...entry,
    firstname: entry['firstname'] ?? entry['firstName'],
    lastname: entry['lastname'] ?? entry['lastName'],
  });
  return parsed.success && parsed.data.address1 !== '' ? parsed.data : null;
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
    : await request({ flag: 'address', url: 'a/user/', auth: true, noCache: true });
  if (!result.ok) return fail(result);
  const body = (result.body ?? {}) as Record<string, unknown>;
  const shipping = guest ? readGuestAddress(body) : readAddress(body['shipping']);
  if (!shipping) return { ok: true, value: null };
  let billing: Address | null;
  if (guest) {
    const billToShip = body['billToShip'];
    billing = billToShip === false || billToShip === 0 ? readAddress(body['billingData']) : null;
  } else billing = readAddress(body['billing']);
  return { ok: true, value: { shipping, billing: billing ?? shipping } };
}

const shippingSchema = z.object({
  selected: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  available: z.optional(z.nullable(z.array(z.object({ servicelevel: z.union([z.string(), z.number()]), shipping_cost: num })))),
});

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
  const result = await request({ flag: 'shipping', url: path, method: 'POST', auth: !guest, data: serviceLevel ? { serviceLevel } : {} });
  if (!result.ok) return fail(result);
  const parsed = shippingSchema.safeParse(result.body);
  if (!parsed.success) return fail({ ...result, ok: false });
  const available: ShippingOption[] = [];
  for (const option of parsed.data.available ?? []) {
    const code = shippingCodeOf(option.servicelevel);
    if (code) available.push({ code, cost: option.shipping_cost });
  }
  return { ok: true, value: { selected: shippingCodeOf(parsed.data.selected), available } };
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
  payType: 'cc' | 'pp';
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
  return request({ flag: guest ? 'guestCheckout' : 'customerCheckout', url: path, method: 'POST', auth: !guest, data: payload, timeout: 60000 });
}
