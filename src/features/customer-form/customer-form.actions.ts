import { actions } from 'astro:actions';
import { callAction } from '~/lib/api/call-action';
import type { SubmitInput, SubmitResult } from './submit';
import { formOfSubmit } from './posted-form';

// Only the customer form's island imports this module, so other islands never load the actions client.

/**
 * Saves by the form's own action, with the fields the plain form posts; a post that never
 * reached this site is the form's own "Can't connect".
 */
export const submitCustomerCall = (input: SubmitInput): Promise<SubmitResult> =>
  callAction(
    actions.customerForm.submit,
    formOfSubmit(input),
    (key) => ({ ok: false, failure: { key } }),
    'customer.cantConnect',
  );
