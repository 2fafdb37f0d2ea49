import { request } from '~/lib/api/client';
import type { CustomerPayload } from './customer-form';

/** Creating an account answers like a login; the proxy keeps the new tokens in its cookies. */
export function customerAddCall(payload: CustomerPayload) {
  return request<unknown>({ flag: 'customerAdd', url: 'v2/customers', method: 'POST', data: payload });
}

export function customerUpdateCall(payload: CustomerPayload) {
  return request<unknown>({ flag: 'customerUpdate', url: 'v2/customers', method: 'PATCH', data: payload });
}

export function guestPostCall(basketNum: string, payload: CustomerPayload) {
  return request<unknown>({ flag: 'guestPost', url: `a/guest/${encodeURIComponent(basketNum)}`, method: 'POST', data: payload });
}

export function customerAddressCall() {
  return request<unknown>({ flag: 'address', url: 'a/user/', noCache: true });
}

export function guestAddressCall(basketNum: string) {
  return request<unknown>({ flag: 'address', url: `a/guest/${encodeURIComponent(basketNum)}`, noCache: true });
}
