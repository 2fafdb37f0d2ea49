import { sendFromServer } from '~/lib/store-api/server';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { addressCheckOf } from '~/lib/store-api/address-check';
import { precheck, type AddressInput, type ServerCheck } from './address';

/**
 * The address check made by the server for a posted form, with the basket (a token may be stale
 * here, a basket number is not). Only the validator's own verdict counts as invalid (a refusal it
 * explains, 422): a call that got no answer, or was refused for another reason, leaves the address
 * unchecked.
 */
export async function checkAddressOnServer(input: AddressInput, basket: string): Promise<ServerCheck> {
  const result = precheck(input, basket);
  if (result.kind !== 'call') return { kind: 'unchecked' };
  const answer = await sendFromServer(ENDPOINTS.addressValidate, { body: result.request });
  if (!answer.ok && (answer.failure.kind !== 'http' || answer.failure.status !== 422)) return { kind: 'unchecked' };
  const outcome = addressCheckOf(answer);
  return !outcome || outcome.valid ? { kind: 'valid' } : { kind: 'invalid', errors: outcome.errors };
}
