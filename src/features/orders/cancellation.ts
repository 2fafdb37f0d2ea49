import { apiFlag } from '~/lib/store-api/flags';
import type { OrderHeader, OrderRecord } from '~/lib/store-api/orders';
import type { MessageRef } from '~/lib/i18n/message-ref';
import { normaliseStatus } from './order-status';

/** Whether and how a customer cancels an order: spec checkout §4 (Cancellation), §7, §8. */

/** The API sends flags as booleans, 0/1 or "0"/"1". */
const flag = apiFlag;

export const CANCEL_REASONS = ['ordered_by_mistake', 'not_in_stock', 'found_elsewhere', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const DEFAULT_CANCEL_REASON: CancelReason = 'ordered_by_mistake';

export type CancelControl =
  | { state: 'hidden'; note: 'cancelled' | null }
  | { state: 'disabled'; note: 'requested' | 'notEditable' }
  | { state: 'enabled' };

/**
 * Hidden once the order is shipping or void (a void order says it was cancelled); disabled when
 * the customer may no longer edit it or a cancellation is already requested.
 */
export function cancelControl(order: OrderHeader): CancelControl {
  if (flag(order.void)) return { state: 'hidden', note: 'cancelled' };
  const status = normaliseStatus(order.status_for_customer);
  if (status === 'cancelled') return { state: 'hidden', note: 'cancelled' };
  if (status === 'partially_shipped' || status === 'shipped' || status === 'en_route' || status === 'delivered')
    return { state: 'hidden', note: null };
  if (flag(order.cancellation_requested) || status === 'cancellation_requested')
    return { state: 'disabled', note: 'requested' };
  if (!flag(order.customer_can_edit)) return { state: 'disabled', note: 'notEditable' };
  return { state: 'enabled' };
}

export type CancelOutcome = 'requested' | 'refused' | 'error';

/** 200 and 406 both mean the request was taken; 409 is the refusal the spec words. */
export function cancelOutcome(status: number): CancelOutcome {
  if (status === 200 || status === 204 || status === 406) return 'requested';
  if (status === 409) return 'refused';
  return 'error';
}

/** Where one order's cancellation stands, as the island and the page after a plain post show it. */
export type CancelState =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'requested' }
  | { state: 'refused' }
  /** The note a cancellation for another reason needs was empty; nothing was sent. */
  | { state: 'noteRequired' }
  | { state: 'error'; message: MessageRef | null }
  /** The session could not be renewed: the shopper logs in again. */
  | { state: 'loggedOut' };

/** A cancellation as the form posts it, with or without JavaScript, and where it stands. */
export interface PostedCancel {
  order: string;
  reason: CancelReason;
  note: string;
  progress: CancelState;
}

/** A cancellation for another reason needs its note (the store refuses 'other' without one). */
export function cancelNoteError(reason: CancelReason, note: string): 'required' | null {
  return reason === 'other' && note.trim() === '' ? 'required' : null;
}

export function cancelPayload(
  reason: CancelReason,
  note: string,
): { cancellation_reason: CancelReason; cancellation_note: string } {
  return { cancellation_reason: reason, cancellation_note: reason === 'other' ? note.trim() : '' };
}

/** What the order looks like once its cancellation was taken. */
export function withCancellationRequested<T extends OrderRecord>(record: T): T {
  return {
    ...record,
    orderno: { ...record.orderno, cancellation_requested: true, status_for_customer: 'cancellation_requested' },
  };
}
