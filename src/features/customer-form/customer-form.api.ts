import { request } from '~/lib/api/client';
import type { CustomerPayload } from './customer-form';

/** Creating an account answers like a login; the proxy keeps the new tokens in its cookies. */
export function customerAddCall(payload: CustomerPayload) {
  return request<unknown>({ flag: 'customerAdd', url: 'v2/customers', method: 'POST', data: payload });
}

export function customerUpdateCall(payload: CustomerPayload) {
  return request<unknown>({ flag: 'customerUpdate', url: 'v2/customers', method: 'PATCH', auth: true, data: payload });
}

export function guestPostCall(basketNum: string, payload: CustomerPayload) {
  return request<unknown>({ flag: 'guestPost', url: `a/guest/${encodeURIComponent(basketNum)}`, method: 'POST', data: payload });
}
