import { describe, expect, it } from 'vitest';
import {
  askedRange,
  cancelActionPath,
  historyAfterCancel,
  loginAfterEndedSession,
  postedFor,
  rangePath,
  type HistoryState,
} from '~/features/orders/history-page';
import type { PostedCancel } from '~/features/orders/cancellation';
import { readOrders } from '~/lib/store-api/orders';

// The order history page's server decisions (spec checkout §2 Order history, §4 Cancellation).

const record = (orderNo: number, status: string, extra: Record<string, unknown> = {}) => ({
  orderno: { order_no: orderNo, status_for_customer: status, customer_can_edit: true, ...extra },
  items: [],
  trackings: [],
});
const listed = (...records: unknown[]): HistoryState => ({
  state: 'success',
  range: 'month',
  orders: readOrders(records) ?? [],
  error: null,
});
const posted = (order: string, state: PostedCancel['progress']['state']): PostedCancel =>
  ({ order, reason: 'ordered_by_mistake', note: '', progress: { state } }) as PostedCancel;
const statusOf = (history: HistoryState, index: number) => history.orders[index]?.orderno.status_for_customer;

describe('the range a history shows', () => {
  it('is the one the range form asked for, and the past month for anything else', () => {
    expect(askedRange(new URLSearchParams('range=year'))).toBe('year');
    expect(askedRange(new URLSearchParams('range=all'))).toBe('all');
    expect(askedRange(new URLSearchParams('range=%3Cb%3Eweek'))).toBe('month');
    expect(askedRange(new URLSearchParams(''))).toBe('month');
  });

  it("is named in the page's address, in the page's language, the past month by none", () => {
    expect(rangePath('month', 'en')).toBe('/order-history/');
    expect(rangePath('year', 'es')).toBe('/es/order-history/?range=year');
  });

  it('is kept by a cancel post, so the history drawn after it is the one being read', () => {
    expect(cancelActionPath('/fr/order-history/', 'all', '?_action=orders.cancel')).toBe(
      '/fr/order-history/?range=all&_action=orders.cancel',
    );
    expect(cancelActionPath('/order-history/', 'month', '?_action=orders.cancel')).toBe(
      '/order-history/?_action=orders.cancel',
    );
  });
});

describe('the history after a cancel post', () => {
  it("is the store's own word on the order once it changed it", () => {
    const history = listed(record(1, 'cancelled'), record(2, 'cancellation_requested'));
    expect(historyAfterCancel(history, posted('1001', 'requested'))).toEqual(history);
  });

  it('reads cancellation requested for a taken order the store still lists as cancellable, and for it alone', () => {
    const after = historyAfterCancel(listed(record(1, 'pending'), record(2, 'pending')), posted('1002', 'requested'));
    expect(statusOf(after, 0)).toBe('pending');
    expect(statusOf(after, 1)).toBe('cancellation_requested');
    expect(after.orders[1]?.orderno.cancellation_requested).toBe(true);
  });

  it('leaves every order as listed when nothing was taken', () => {
    const history = listed(record(1, 'pending'));
    for (const state of ['refused', 'noteRequired', 'error'] as const)
      expect(historyAfterCancel(history, posted('1001', state))).toBe(history);
    expect(historyAfterCancel(history, undefined)).toBe(history);
  });

  it('opens the posted order alone onto its outcome', () => {
    const [first, second] = listed(record(1, 'pending'), record(2, 'pending')).orders;
    const post = posted('1002', 'refused');
    expect(postedFor(first!, post)).toBeUndefined();
    expect(postedFor(second!, post)).toBe(post);
  });

  it('sends the shopper whose session ended to log in, and back to the history after', () => {
    expect(loginAfterEndedSession(posted('1001', 'loggedOut'), 'pt')).toBe(
      '/pt/login/?redirect=%2Forder-history%2F&logOut=true',
    );
    expect(loginAfterEndedSession(posted('1001', 'error'), 'en')).toBeNull();
    expect(loginAfterEndedSession(undefined, 'en')).toBeNull();
  });
});
