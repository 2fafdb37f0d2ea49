import { userAddresses, type Addresses } from '~/lib/store-api/addresses';
import { call } from '~/lib/api/client';
import type { CheckoutAnswer } from '~/lib/store-api/checkout';
import { getBasket, getUser } from '~/lib/store-api/calls';
import * as ENDPOINTS from '~/lib/store-api/endpoints/checkout';
import { mapResult, type Result } from '~/lib/store-api/result';
import type { ShippingAnswer, ShippingOption } from '~/lib/store-api/shipping';
import type { ShippingCode } from './review-order';

/** Review order's own flag: a newer load of the basket cancels the earlier. */
export function getReviewBasket(basketNum: string) {
  return getBasket(basketNum, { flag: 'basket' });
}

/** The signed-in customer's addresses (a guest's come with guest authorization). */
export async function fetchAddresses(): Promise<Result<Addresses | null>> {
  return mapResult(await getUser({ flag: 'address' }), userAddresses);
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
