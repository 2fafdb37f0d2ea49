import { callAction } from '~/lib/api/call-action';
import type { SubmitInput, SubmitResult } from './submit';
import { formOfSubmit } from './posted-form';

/**
 * Saves by the form's own action, with the fields the plain form posts; a post that never
 * reached this site is the form's own "Can't connect".
 */
export const submitCustomerCall = (input: SubmitInput): Promise<SubmitResult> =>
  callAction(
    'customerForm.submit',
    formOfSubmit(input),
    (key) => ({ ok: false as const, failure: { key } }),
    'customer.cantConnect',
  );

declare module '~/lib/api/call-action' {
  interface ActionAnswers {
    'customerForm.submit': SubmitResult;
  }
}
