import type { OrderRecord } from '~/lib/store-api/orders';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { cancelControl, withCancellationRequested, type PostedCancel } from './cancellation';
import { HISTORY_RANGES, isHistoryRange, type HistoryRange } from './history-range';
import { displayOrderNumber } from './order-number';

/** What the order history page draws, decided on the server: spec checkout §2 (Order history), §4, §8. */

export interface HistoryState {
  state: 'success' | 'error';
  range: HistoryRange;
  /** Each with its invoice, for its price breakdown; an order without one shows its total alone. */
  orders: OrderRecord[];
  /** The store API's own error text, if it gave one. */
  error: string | null;
}

/** The range a GET asked for (`?range=`, the range form); anything else is the past month. */
export function askedRange(search: URLSearchParams): HistoryRange {
  const asked = search.get('range');
  return isHistoryRange(asked) ? asked : HISTORY_RANGES[0];
}

/** The history of a range, as a link: the past month needs no query. */
export function rangePath(range: HistoryRange, locale: Locale): string {
  const path = localizedPath('/order-history/', locale);
  return range === HISTORY_RANGES[0] ? path : `${path}?${new URLSearchParams({ range }).toString()}`;
}

/**
 * Where an order's cancel form posts: this page with the range it shows, so the history drawn
 * after the post is the one the shopper was reading.
 */
export function cancelActionPath(pathname: string, range: HistoryRange, actionQuery: string): string {
  const query = new URLSearchParams(range === HISTORY_RANGES[0] ? {} : { range });
  for (const [name, value] of new URLSearchParams(actionQuery)) query.set(name, value);
  return `${pathname}?${query.toString()}`;
}

/**
 * The history as drawn after a cancel post: the list is read again after the cancellation, so it
 * is the store's own word; an order the store still lists as cancellable once its cancellation was
 * taken reads as cancellation requested (spec checkout §4), never as if nothing happened.
 */
export function historyAfterCancel(history: HistoryState, posted: PostedCancel | undefined): HistoryState {
  if (!posted || posted.progress.state !== 'requested' || history.state !== 'success') return history;
  return {
    ...history,
    orders: history.orders.map((order) =>
      displayOrderNumber(order.orderno.order_no) === posted.order && cancelControl(order.orderno).state === 'enabled'
        ? withCancellationRequested(order)
        : order,
    ),
  };
}

/** The cancellation a plain post left on this order, if it was this one. */
export function postedFor(order: OrderRecord, posted: PostedCancel | undefined): PostedCancel | undefined {
  return posted?.order === displayOrderNumber(order.orderno.order_no) ? posted : undefined;
}

/** A cancel post whose session could not be renewed sends the shopper to log in, and back here after. */
export function loginAfterEndedSession(posted: PostedCancel | undefined, locale: Locale): string | null {
  if (posted?.progress.state !== 'loggedOut') return null;
  const query = new URLSearchParams({ redirect: '/order-history/', logOut: 'true' });
  return `${localizedPath('/login/', locale)}?${query.toString()}`;
}
