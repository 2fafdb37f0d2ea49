import type { AstroCookies } from 'astro';
import { isOutageFailure, outageMark } from '~/lib/http/unavailable';
import { CLIENT_ADDRESS_HEADER, visitorAddress } from '~/lib/server/client-address';
import { SESSION_ENDED_ERROR, sendAsVisitor } from '~/lib/session/renewal';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendFromServer } from '~/lib/store-api/server';
import { failureStatus } from '~/lib/store-api/result';
import { isOneOf } from '~/lib/is-one-of';
import type { OrderInvoice } from '~/lib/store-api/receipt';
import {
  CANCEL_REASONS,
  cancelNoteError,
  cancelOutcome,
  cancelPayload,
  type CancelState,
  type PostedCancel,
} from './cancellation';
import { historyQuery, type HistoryRange } from './history-range';
import type { HistoryState } from './history-page';
import { withoutInvoiceAddresses } from './invoices';
import {
  IDLE_LOOKUP,
  isLookupValid,
  lookupQuery,
  lookupStateOf,
  type LookupForm,
  type PostedLookup,
} from './guest-lookup';
import type { Result } from '~/lib/store-api/result';

/** The server's side of order lookup, history and cancellation: the actions and the history page call these. */

interface VisitorContext {
  cookies: AstroCookies;
  url: URL;
  readonly clientAddress?: string;
}

/**
 * A guest's order by e-mail and number. The store API counts look-ups per e-mail and per visitor,
 * so the call names the visitor's address.
 */
export async function lookUpGuestOrder(
  context: { readonly clientAddress?: string },
  form: LookupForm,
): Promise<PostedLookup> {
  if (!isLookupValid(form)) return { form, lookup: IDLE_LOOKUP };
  const client = visitorAddress(context);
  const answer = await sendFromServer(ENDPOINTS.ordersGuestLookup, {
    query: lookupQuery(form),
    headers: client ? { [CLIENT_ADDRESS_HEADER]: client } : {},
  });
  return { form, lookup: lookupStateOf(answer), ...(answer.ok ? {} : outageMark(answer.failure)) };
}

/**
 * The signed-in customer's orders of a range, as the history page draws them: one store-API call
 * whatever the number of orders, as each record carries the invoice its price breakdown needs.
 */
export async function loadOrderHistory(
  context: VisitorContext,
  range: HistoryRange,
  storeId: string,
): Promise<{ initial: HistoryState; outage: boolean }> {
  const answer = await sendAsVisitor(context, ENDPOINTS.ordersHistory, {
    query: historyQuery(range, new Date(), storeId),
  });
  if (answer.ok)
    return {
      initial: { state: 'success', range, orders: answer.value.map(withoutInvoiceAddresses), error: null },
      outage: false,
    };
  // The store API's own words; no answer at all is the page's "could not load".
  const { failure } = answer;
  return {
    initial: { state: 'error', range, orders: [], error: failure.kind === 'http' ? failure.message || null : null },
    outage: isOutageFailure(failure),
  };
}

/** One of the signed-in customer's orders as its invoice; the store API answers 404 for another's order. */
export async function loadOrderInvoice(context: VisitorContext, displayNumber: string): Promise<Result<OrderInvoice>> {
  return sendAsVisitor(context, ENDPOINTS.orderInvoice, { params: { orderNoDisplay: displayNumber } });
}

/**
 * Asks the store to cancel one order of the signed-in customer; the store API checks on every call
 * that the order is theirs. A note is needed for another reason, and nothing is sent without it.
 */
export async function cancelCustomerOrder(
  context: VisitorContext,
  posted: { order: string; reason: string; note: string },
): Promise<PostedCancel> {
  const order = posted.order.trim();
  const reason = isOneOf(CANCEL_REASONS, posted.reason) ? posted.reason : null;
  const kept = { order, reason: reason ?? CANCEL_REASONS[0], note: posted.note };
  if (!order || !reason) return { ...kept, progress: { state: 'error', message: null } };
  if (cancelNoteError(reason, posted.note)) return { ...kept, progress: { state: 'noteRequired' } };
  const answer = await sendAsVisitor(context, ENDPOINTS.orderCancel, {
    params: { orderNoDisplay: order },
    body: cancelPayload(reason, posted.note),
  });
  return { ...kept, progress: cancelProgress(answer) };
}

function cancelProgress(answer: Result<unknown>): CancelState {
  if (answer.ok) return { state: 'requested' };
  const { failure } = answer;
  if (failure.kind === 'http' && failure.status === 401 && failure.message === SESSION_ENDED_ERROR)
    return { state: 'loggedOut' };
  const outcome = cancelOutcome(failureStatus(failure));
  if (outcome !== 'error') return { state: outcome };
  // The store's own words for a refusal it explains; no answer at all is the page's "Something went wrong".
  return {
    state: 'error',
    message: failure.kind === 'http' && failure.body !== null ? { text: failure.message } : null,
  };
}
