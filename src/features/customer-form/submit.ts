import type { MessageRef } from '~/lib/i18n/message-ref';
import { errorText } from '~/lib/api/errors';
import type { AddressError } from '~/features/address/public';
import type { CustomerFormValues } from './form-values';
import type { FormMode } from './form-mode';
import type { FormErrors } from './validation';

/** The submit decision and what a save comes to (checkout spec section 4, Customer form submit). */

export type SubmitAction = 'none' | 'customerAdd' | 'customerUpdate' | 'guestPost';

/**
 * Unchanged data of an existing customer or guest goes straight on; otherwise a new account is
 * added, a signed-in customer updated, or the guest record posted. A subscriber's form is always
 * sent, changed or not: the update is what makes them a customer (checkout §4).
 */
export function submitAction(input: {
  mode: FormMode;
  createsAccount: boolean;
  changed: boolean;
  existing: boolean;
  subscriber?: boolean;
}): SubmitAction {
  if (input.createsAccount) return 'customerAdd';
  if (input.mode === 'edit' && input.subscriber) return 'customerUpdate';
  if (!input.changed && input.existing) return 'none';
  return input.mode === 'edit' ? 'customerUpdate' : 'guestPost';
}

/** A save as the island decided it, the values as typed (the server trims and checks them again). */
export interface SubmitInput {
  action: Exclude<SubmitAction, 'none'>;
  mode: FormMode;
  basketNum: string;
  userid?: string | number | undefined;
  values: CustomerFormValues;
  /** The shopper chose "Keep as entered" after a failed address check. */
  addressKept?: boolean;
}

/** What the island learns of a save: where it stands, in field error codes and message keys. */
export type SubmitResult =
  | { ok: true }
  | { ok: false; errors: FormErrors }
  /** The shipping address failed the check and was not kept as entered. */
  | { ok: false; address: AddressError[] }
  /**
   * `loggedOut`: the session ended while saving; the visitor logs in again. `outage`: the store API
   * was out, so the same form may go through later.
   */
  | { ok: false; failure: MessageRef; loggedOut?: true; outage?: true };

/**
 * Why a save failed: an answer that never came says so, an e-mail change refused for want of the
 * current password (which this form does not ask for) points to account settings, a new account's
 * taken address and the sign-up limit in the shopper's language, otherwise the store's own text.
 */
export function submitFailure(
  action: Exclude<SubmitAction, 'none'>,
  answer: { status: number; body: unknown } | 'timeout' | 'unreachable',
): MessageRef {
  if (answer === 'timeout') return { key: 'customer.upstreamTimeout' };
  if (answer === 'unreachable') return { key: 'common.connectionProblem' };
  if (action === 'customerUpdate' && answer.status === 403) return { key: 'customer.emailNeedsPassword' };
  if (action === 'customerAdd' && answer.status === 422) return { key: 'customer.emailTaken' };
  if (answer.status === 429) return { key: 'customer.signupLimited' };
  const text = errorText(answer.body);
  return text ? { text } : { key: 'common.somethingWentWrong' };
}
