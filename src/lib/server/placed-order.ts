import type { CheckoutAnswer } from '~/lib/store-api/checkout';
import type { PaymentMethod, Receipt } from '~/lib/store-api/receipt';
import { purchaseEvent } from '~/lib/store-api/purchase';
import { sendFromServer } from '~/lib/store-api/server';
import { analytics } from '~/lib/store-api/endpoints/widgets';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { COOKIES } from '~/lib/session/cookie-names';
import { deletedCookie, type CookieOp } from '~/lib/session/cookie-options';
import { isNewOrder, orderRecordCookie, type OrderRecord } from '~/lib/session/order-record';

/**
 * What the store's answer to an order means for this visitor: an order placed (its record, and
 * whether it is news to them), a wallet payment that waits for its approval, or nothing.
 */
export type OrderOutcome =
  | { kind: 'placed'; record: OrderRecord; receipt: Receipt; isNew: boolean }
  | { kind: 'walletStarted'; record: OrderRecord }
  | { kind: 'none' };

export function orderOutcome(
  answer: CheckoutAnswer | undefined,
  payMethod: PaymentMethod,
  owner: string | null,
  previous: OrderRecord | null,
): OrderOutcome {
  if (!answer || owner === null) return { kind: 'none' };
  const { receipt } = answer;
  if (receipt) {
    const orderNo = receipt.JSONINVOICE.order_no_display || receipt.ORDER_NO;
    if (!orderNo) return { kind: 'none' };
    return { kind: 'placed', record: { orderNo, payMethod, owner }, receipt, isNew: isNewOrder(previous, orderNo) };
  }
  if (answer.walletUrl) return { kind: 'walletStarted', record: { orderNo: '', payMethod: 'pp', owner } };
  return { kind: 'none' };
}

/**
 * The cookies an outcome sets: the record; for an order new to this visitor the ordered basket is
 * forgotten too (once: an answer given again, a reload, the back button forget no later basket).
 */
export function outcomeCookies(outcome: OrderOutcome, secure: boolean): CookieOp[] {
  if (outcome.kind === 'none') return [];
  const record = orderRecordCookie(outcome.record, secure);
  if (outcome.kind === 'placed' && outcome.isNew) return [record, deletedCookie(COOKIES.basket, secure)];
  return [record];
}

/** The purchase counted by the store's analytics, from the server: once per order, never again on a reload. */
export async function sendPurchase(
  receipt: Receipt,
  storeId: string,
  clientAddress: string | undefined,
): Promise<void> {
  await sendFromServer(analytics, {
    body: purchaseEvent(receipt, storeId),
    headers: clientAddress ? { [CLIENT_ADDRESS_HEADER]: clientAddress } : {},
  });
}
