import type { CheckoutAnswer } from '~/lib/store-api/checkout';
import type { Receipt } from '~/lib/store-api/receipt';
import { safeReturnPath } from '~/lib/http/safe-path';
import { pathWithoutLocale } from '~/lib/i18n/locales';
import { SHIPPING_CODES, shippingCodeOf, type ShippingLevel } from '~/lib/shipping-codes';

/** Wallet confirmation answer: CODE 0 with a receipt is success; anything else is the critical error. */
export function walletConfirmation(answer: CheckoutAnswer): Receipt | null {
  return answer.code === 0 ? answer.receipt : null;
}

/**
 * Spec checkout §4: without a user, a method or a basket the page goes to the stored target page,
 * the page the shopper was on before. That page must be on this site, and not this page itself
 * (a reload would loop); otherwise the cart home.
 */
export function successRedirectTarget(previous: string | undefined): string {
  const path = safeReturnPath(previous);
  const route = pathWithoutLocale(new URL(path, 'http://site.invalid').pathname);
  return route.startsWith('/payment-success') ? '/' : path;
}

/**
 * The number the critical wallet error quotes: the order's shown number when the answer names an
 * order, else none. A basket number means nothing to the shopper or to support, so it is never quoted.
 */
export function walletErrorReference(answer: CheckoutAnswer | undefined): string | null {
  if (!answer) return null;
  const { receipt } = answer;
  if (receipt) return receipt.JSONINVOICE.order_no_display || receipt.ORDER_NO || null;
  return answer.orderNo || null;
}

/** The delivery estimate of the invoice's shipping service (review.shipping.eta.*), or null when unknown. */
export function deliveryEstimate(shipType: string | null | undefined): ShippingLevel | null {
  const code = shippingCodeOf(shipType);
  return code ? SHIPPING_CODES[code].etaKey : null;
}

/** Track order: a post of the order's lookup when the e-mail is known, else a link. */
export type TrackOrder =
  { kind: 'post'; fields: { email: string; mode: 'order'; order_no: string } } | { kind: 'link'; path: string };

/**
 * Where Track order leads: the order itself through the lookup when the e-mail is known (it works
 * for guests and customers alike), posted so the e-mail stays out of addresses, histories and
 * logs; else the customer's history, else the lookup with the number.
 */
export function trackOrder(orderNumber: string, email: string | null, signedIn: boolean): TrackOrder {
  if (email) return { kind: 'post', fields: { email, mode: 'order', order_no: orderNumber } };
  if (signedIn) return { kind: 'link', path: '/order-history/' };
  return { kind: 'link', path: `/order-info/?${new URLSearchParams({ order_no: orderNumber }).toString()}` };
}
