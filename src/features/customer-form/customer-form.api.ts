import { send } from '~/lib/store-api/browser';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { CustomerPayload } from './customer-form';

/** Creating an account answers like a login; the proxy keeps the new tokens in its cookies. */
export function customerAddCall(payload: CustomerPayload) {
  return send(ENDPOINTS.customerAdd, { data: payload });
}

export function customerUpdateCall(payload: CustomerPayload) {
  return send(ENDPOINTS.customerUpdate, { data: payload });
}

export function guestPostCall(basketNum: string, payload: CustomerPayload) {
  return send(ENDPOINTS.guestPost, { params: { basketNum }, data: payload });
}
