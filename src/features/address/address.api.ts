import { request } from '~/lib/api/client';
import type { ValidateRequest } from './address';

export function validateAddressCall(data: ValidateRequest) {
  return request<unknown>({ flag: 'addressValidate', url: 'v2/address/validate', method: 'POST', data });
}
