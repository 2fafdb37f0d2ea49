import { actions } from 'astro:actions';
import type { SubmitInput, SubmitResult } from './customer-form';

// Only the customer form's island imports this module, so other islands never load the actions client.

/** Saves by the form's action; a post that never reached this site is "Can't connect to server". */
export async function submitCustomerCall(input: SubmitInput): Promise<SubmitResult> {
  try {
    const { data, error } = await actions.customerForm.submit(input);
    return error ? { ok: false, failure: { key: 'common.somethingWentWrong' } } : data;
  } catch {
    return { ok: false, failure: { key: 'customer.cantConnect' } };
  }
}
