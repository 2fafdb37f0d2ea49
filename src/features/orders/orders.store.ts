import { atom, map } from 'nanostores';
import { failureMessage, failureStatus, type Failure } from '~/lib/store-api/result';
import { fetchGuestOrder, fetchOrderHistory, requestCancellation } from './orders.api';
import {
  cancelOutcome,
  displayOrderNumber,
  historyQuery,
  lookupQuery,
  validateLookup,
  withCancellationRequested,
  type CancelReason,
  type HistoryRange,
  type LookupForm,
  type OrderRecord,
} from './orders';

export type OrdersRequestState = 'idle' | 'loading' | 'success' | 'error';

export interface HistoryState {
  state: OrdersRequestState;
  range: HistoryRange;
  orders: OrderRecord[];
  /** The API's own error text, if it gave one. */
  error: string | null;
}

export const $orderHistory = atom<HistoryState>({ state: 'idle', range: 'month', orders: [], error: null });

const failureText = (failure: Failure) => failureMessage(failure) || null;

export async function loadOrderHistory(range: HistoryRange, storeId: string, today = new Date()): Promise<void> {
  $orderHistory.set({ ...$orderHistory.get(), state: 'loading', range, error: null });
  const answer = await fetchOrderHistory(historyQuery(range, today, storeId));
  // A newer range choice replaced this call; its own answer will settle the state.
  if (!answer.ok && answer.failure.kind === 'cancelled') return;
  if (answer.ok) $orderHistory.set({ state: 'success', range, orders: answer.value, error: null });
  else $orderHistory.set({ state: 'error', range, orders: [], error: failureText(answer.failure) });
}

export type CancelState =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'requested' }
  | { state: 'refused' }
  | { state: 'error'; message: string | null };

/** Cancellation progress per displayed order number. */
export const $cancellations = map<Record<string, CancelState>>({});

function markRequested(displayNumber: string): void {
  const update = (orders: OrderRecord[]) =>
    orders.map((order) =>
      displayOrderNumber(order.orderno.order_no) === displayNumber ? withCancellationRequested(order) : order,
    );
  const history = $orderHistory.get();
  $orderHistory.set({ ...history, orders: update(history.orders) });
  const lookup = $orderLookup.get();
  if (lookup.order) $orderLookup.set({ ...lookup, order: update([lookup.order])[0] ?? null });
}

export async function cancelOrder(displayNumber: string, reason: CancelReason, note: string): Promise<void> {
  $cancellations.setKey(displayNumber, { state: 'sending' });
  const result = await requestCancellation(displayNumber, reason, note);
  const outcome = cancelOutcome(result.ok ? 200 : failureStatus(result.failure));
  if (outcome === 'requested') {
    markRequested(displayNumber);
    $cancellations.setKey(displayNumber, { state: 'requested' });
  } else if (outcome === 'refused') $cancellations.setKey(displayNumber, { state: 'refused' });
  else
    $cancellations.setKey(displayNumber, {
      state: 'error',
      message: result.ok ? null : failureMessage(result.failure) || null,
    });
}

export interface LookupState {
  /** `limited`: too many look-ups for this address or from this visitor for now. */
  state: OrdersRequestState | 'notFound' | 'limited';
  order: OrderRecord | null;
  error: string | null;
}

export const $orderLookup = atom<LookupState>({ state: 'idle', order: null, error: null });

/** Looks the order up when the form is valid; the first entry of the answer is the order. */
export async function lookUpOrder(form: LookupForm): Promise<void> {
  if (Object.keys(validateLookup(form)).length > 0) return;
  $orderLookup.set({ state: 'loading', order: null, error: null });
  const answer = await fetchGuestOrder(lookupQuery(form));
  if (!answer.ok && answer.failure.kind === 'cancelled') return;
  if (answer.ok) {
    const first = answer.value[0];
    $orderLookup.set(
      first ? { state: 'success', order: first, error: null } : { state: 'notFound', order: null, error: null },
    );
    return;
  }
  const status = failureStatus(answer.failure);
  if (status === 404 || status === 400) $orderLookup.set({ state: 'notFound', order: null, error: null });
  else if (status === 429) $orderLookup.set({ state: 'limited', order: null, error: null });
  else $orderLookup.set({ state: 'error', order: null, error: failureText(answer.failure) });
}
