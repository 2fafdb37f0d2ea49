import { atom, map } from 'nanostores';
import { handleLoggedOut } from '~/lib/api/client';
import { failureMessage, type Failure } from '~/lib/store-api/result';
import { fetchOrderHistory } from './orders.api';
import { cancelCall, lookupCall } from './orders.action-calls';
import { displayOrderNumber } from './order-number';
import { historyQuery, type HistoryRange } from './history-range';
import { validateLookup, type LookupForm, type LookupState } from './guest-lookup';
import { withCancellationRequested, type CancelReason, type CancelState } from './cancellation';
import type { OrderRecord } from '~/lib/store-api/orders';

export type OrdersRequestState = 'idle' | 'loading' | 'success' | 'error';

export interface HistoryState {
  state: OrdersRequestState;
  range: HistoryRange;
  /** Each with its invoice, for its price breakdown; an order without one shows its total alone. */
  orders: OrderRecord[];
  /** The API's own error text, if it gave one. */
  error: string | null;
}

export const $orderHistory = atom<HistoryState>({
  state: 'idle',
  range: 'month',
  orders: [],
  error: null,
});

const failureText = (failure: Failure) => failureMessage(failure) || null;

/** The history as the server drew it: the island goes on from there instead of asking again. */
export function seedOrderHistory(initial: HistoryState): void {
  if ($orderHistory.get().state === 'idle') $orderHistory.set(initial);
}

export async function loadOrderHistory(range: HistoryRange, storeId: string, today = new Date()): Promise<void> {
  $orderHistory.set({ ...$orderHistory.get(), state: 'loading', range, error: null });
  const answer = await fetchOrderHistory(historyQuery(range, today, storeId));
  // A newer range choice replaced this call; its own answer will settle the state.
  if (!answer.ok && answer.failure.kind === 'cancelled') return;
  if (!answer.ok) {
    $orderHistory.set({ state: 'error', range, orders: [], error: failureText(answer.failure) });
    return;
  }
  $orderHistory.set({ state: 'success', range, orders: answer.value, error: null });
}

/** Cancellation progress per displayed order number. */
export const $cancellations = map<Record<string, CancelState>>({});

function markRequested(displayNumber: string): void {
  const history = $orderHistory.get();
  $orderHistory.set({
    ...history,
    orders: history.orders.map((order) =>
      displayOrderNumber(order.orderno.order_no) === displayNumber ? withCancellationRequested(order) : order,
    ),
  });
}

export async function cancelOrder(displayNumber: string, reason: CancelReason, note: string): Promise<void> {
  $cancellations.setKey(displayNumber, { state: 'sending' });
  const { progress } = await cancelCall(displayNumber, reason, note);
  if (progress.state === 'requested') markRequested(displayNumber);
  if (progress.state === 'loggedOut') handleLoggedOut();
  $cancellations.setKey(displayNumber, progress);
}

export const $orderLookup = atom<LookupState>({ state: 'idle', order: null, error: null });

/** Looks the order up when the form is valid, by the same action the plain form posts to. */
export async function lookUpOrder(form: LookupForm): Promise<void> {
  if (Object.keys(validateLookup(form)).length > 0) return;
  $orderLookup.set({ state: 'loading', order: null, error: null });
  $orderLookup.set((await lookupCall(form)).lookup);
}
