import type { AstroCookies } from 'astro';
import type { Session } from '~/lib/session/session';
import { basketKeyFrom, basketKeyHeaders } from '~/lib/session/basket-key';
import { applyCookies, secureCookiesFor } from '~/lib/session/cookie-options';
import { endedOrderRecord, orderRecordValue, ownerOf, ownRecord, type OrderRecord } from '~/lib/session/order-record';
import { sendAsVisitor } from '~/lib/session/renewal';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { checkoutAnswerOf, type CheckoutAnswer } from '~/lib/store-api/checkout';
import type { Invoice, OrderConfirmation, PaymentMethod } from '~/lib/store-api/receipt';
import { failureStatus, type Result } from '~/lib/store-api/result';
import { orderOutcome, outcomeCookies, sendPurchase } from '~/lib/server/placed-order';
import { isEmail } from '~/lib/email';
import { walletConfirmation, walletErrorReference } from './payment-success';

/** What payment success shows, decided on the server from the visitor's order record and the store API. */
export type SuccessView =
  /** Nothing of this visitor's to show: back to the page before (checkout §4). */
  | { kind: 'leave' }
  /** The wallet was confirmed just now: the same page without the token, so a reload confirms nothing. */
  | { kind: 'confirmed' }
  | { kind: 'walletError'; orderNo: string | null }
  /** The confirmation's answer was lost: the order may exist, and the same address confirms again. */
  | { kind: 'walletUnconfirmed'; orderNo: string | null }
  /** The store API does not know this order as the visitor's. */
  | { kind: 'missing' }
  /** The store API did not answer: the order stands, the page may be reloaded. */
  | { kind: 'unavailable' }
  | { kind: 'success'; orderNo: string; invoice: Invoice; payMethod: PaymentMethod; email: string | null };

/** A wallet confirmation's answer as the page shows it; `placed` when an order came of it. */
export function walletView(result: Result<CheckoutAnswer>): SuccessView | { kind: 'placed'; answer: CheckoutAnswer } {
  const answer = checkoutAnswerOf(result);
  // From the server a lost answer is one that never came: the store API too slow or unreachable.
  if (!result.ok && result.failure.kind === 'offline')
    return { kind: 'walletUnconfirmed', orderNo: walletErrorReference(answer) };
  if (result.ok && walletConfirmation(result.value)) return { kind: 'placed', answer: result.value };
  return { kind: 'walletError', orderNo: walletErrorReference(answer) };
}

/** The order's invoice as the page shows it; the e-mail its confirmation went to comes from the order. */
export function invoiceView(record: OrderRecord, result: Result<OrderConfirmation>): SuccessView {
  if (result.ok) {
    const { email } = result.value;
    return {
      kind: 'success',
      orderNo: record.orderNo,
      invoice: result.value.invoice,
      payMethod: result.value.payMethod ?? record.payMethod,
      email: isEmail(email) ? email : null,
    };
  }
  const status = failureStatus(result.failure);
  return status === 404 || status === 401 ? { kind: 'missing' } : { kind: 'unavailable' };
}

export interface SuccessContext {
  cookies: AstroCookies;
  url: URL;
  session: Session;
  storeId: string;
  /** BLOCK_PURCHASES: a wallet payment is not confirmed, as the proxy refuses every step of buying. */
  purchasesBlocked: boolean;
  readonly clientAddress?: string;
}

/**
 * Spec checkout §4 Payment success, on the server. A wallet return (`?token=`) is confirmed here
 * with the visitor's own session or basket key; otherwise the visitor's order record names the
 * order, whose invoice the store API answers only to its customer or its guest's key.
 */
export async function loadPaymentSuccess(context: SuccessContext): Promise<SuccessView> {
  const secure = secureCookiesFor(context.url);
  const basketKey = basketKeyFrom(context.cookies, secure);
  const owner = ownerOf(context.session, basketKey);
  const record = ownRecord(orderRecordValue(context.cookies, secure), owner);
  const headers = context.session.kind === 'guest' ? basketKeyHeaders(basketKey) : {};
  const token = context.url.searchParams.get('token');

  if (token && context.purchasesBlocked) return { kind: 'walletError', orderNo: null };
  if (token) {
    const result = await sendAsVisitor(context, ENDPOINTS.walletConfirm, { params: { token }, body: {}, headers });
    const view = walletView(result);
    if (view.kind !== 'placed') {
      if (view.kind === 'walletError' && record?.orderNo === '')
        applyCookies(context.cookies, [endedOrderRecord(secure)]);
      return view;
    }
    const outcome = orderOutcome(view.answer, 'pp', owner, record);
    applyCookies(context.cookies, outcomeCookies(outcome, secure));
    if (outcome.kind === 'placed' && outcome.isNew)
      void sendPurchase(outcome.receipt, context.storeId, context.clientAddress).catch(() => undefined);
    return outcome.kind === 'placed' ? { kind: 'confirmed' } : { kind: 'walletError', orderNo: null };
  }
  if (!record) return { kind: 'leave' };
  // Back from the wallet without its token: the payment cannot be confirmed (checkout §4).
  if (record.orderNo === '') {
    applyCookies(context.cookies, [endedOrderRecord(secure)]);
    return { kind: 'walletError', orderNo: null };
  }
  const answer = await sendAsVisitor(context, ENDPOINTS.orderInvoice, {
    params: { orderNoDisplay: record.orderNo },
    headers,
  });
  return invoiceView(record, answer);
}
