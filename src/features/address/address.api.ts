import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints/basket';
import type { ValidateRequest } from './address';

export function validateAddressCall(data: ValidateRequest) {
  return call(ENDPOINTS.addressValidate, { data });
}
