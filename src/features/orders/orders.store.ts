import { atom, map } from 'nanostores';
import { handleLoggedOut } from '~/lib/api/client';
import { failureMessage, type Failure } from '~/lib/store-api/result';
import { runBounded } from '~/lib/run-bounded';
import type { OrderInvoice } from '~/lib/store-api/receipt';
import { fetchOrderHistory, fetchOrderInvoice } from './orders.api';
import { cancelCall, lookupCall } from './orders.action-calls';
import { displayOrderNumber } from './order-number';
import { historyQuery, type HistoryRange } from './history-range';
import { INVOICES_IN_FLIGHT } from './invoices';
import { validateLookup, type LookupForm, type LookupState } from './guest-lookup';
import { withCancellationRequested, type CancelReason, type CancelState } from './cancellation';
import type { OrderRecord } from '~/lib/store-api/orders';

export type OrdersRequestState = 'idle' | 'loading' | 'success' | 'error';

export interface HistoryState {
  state: OrdersRequestState;
  range: HistoryRange;
  orders: OrderRecord[];
  /** Each order's invoice by shown number, for its price breakdown; an order without one shows its total alone. */
  invoices: Readonly<Record<string, OrderInvoice>>;
  /** The API's own error text, if it gave one. */
  error: string | null;
}

export const $orderHistory = atom<HistoryState>({
  state: 'idle',
  range: 'month',
  orders: [],
  invoices: {},
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
    $orderHistory.set({ state: 'error', range, orders: [], invoices: {}, error: failureText(answer.failure) });
    return;
  }
  // The list shows at once; each price breakdown joins its order as its invoice comes in, so a
  // customer with many orders never waits for all of them (breakdowns are folded away at first).
  const known = $orderHistory.get().invoices;
  const orders = answer.value;
  const numbers = orders.map((order) => displayOrderNumber(order.orderno.order_no));
  const invoices = Object.fromEntries(numbers.flatMap((number) => (known[number] ? [[number, known[number]]] : [])));
  $orderHistory.set({ state: 'success', range, orders, invoices, error: null });
  const missing = numbers.filter((number) => !invoices[number]);
  await runBounded(missing, INVOICES_IN_FLIGHT, fetchOrderInvoice, (invoice, index) => {
    const number = missing[index];
    const current = $orderHistory.get();
    // Another range was chosen meanwhile: its own load settles the list.
    if (!invoice.ok || !number || current.range !== range || current.state !== 'success') return;
    $orderHistory.set({ ...current, invoices: { ...current.invoices, [number]: invoice.value } });
  });
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
