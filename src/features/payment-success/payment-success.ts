import { POSTAL_ADDRESS_FIELDS, type PostalAddressFields } from '~/lib/postal-address';
import { isFields, readAmount, readList, readText, readTexts, type Fields } from '~/lib/api/read';
import { centsOf, type Cents } from '~/lib/money';
import { isAnswerLost } from '~/lib/api/answer-lost';
import { safeReturnPath } from '~/lib/http/safe-path';
import { pathWithoutLocale } from '~/lib/i18n/locales';
import { SHIPPING_CODES, shippingCodeOf, type ShippingLevel } from '~/lib/shipping-codes';

/** Invoice of a receipt (spec checkout §3), read once at the edge, amounts in cents. */
export type InvoiceAddress = PostalAddressFields;

export interface InvoiceItem {
  sku: string;
  name: string;
  quantity: number;
  price: Cents;
  your_price: Cents;
  ext_price: Cents;
}

export interface Invoice {
  order_no_display: string;
  invoice_num: string;
  date_ordered: string;
  billing: InvoiceAddress | null;
  shipping: InvoiceAddress | null;
  order_items: InvoiceItem[];
  subtotal: Cents;
  tax: Cents;
  ship_type: string;
  ship_charge: Cents;
  total: Cents;
}

export interface AnalyticsOrder {
  order_no: string;
  display_name: string;
  ordertotal: Cents;
  tax: Cents;
  shipping: Cents;
}

export interface AnalyticsItem {
  sku: string;
  name: string;
  manufacturer: string;
  quantity: number;
  price: Cents;
}

export interface Receipt {
  ORDER_NO: string;
  JSONINVOICE: Invoice;
  GAITEMS?: AnalyticsItem[];
  GAORDER?: AnalyticsOrder;
}

const readInvoiceAddress = (value: unknown): InvoiceAddress | null =>
  isFields(value) ? readTexts(value, POSTAL_ADDRESS_FIELDS) : null;

const readInvoiceItem = (item: Fields): InvoiceItem => ({
  sku: readText(item['sku']),
  name: readText(item['name']),
  quantity: readAmount(item['quantity']),
  price: centsOf(item['price']),
  your_price: centsOf(item['your_price']),
  ext_price: centsOf(item['ext_price']),
});

/** The invoice may come as an object or as a JSON string. */
export function parseInvoice(value: unknown): Invoice | null {
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!isFields(candidate)) return null;
  const items = readList(candidate['order_items'], readInvoiceItem);
  if (!items) return null;
  return {
    ...readTexts(candidate, ['order_no_display', 'invoice_num', 'date_ordered', 'ship_type'] as const),
    billing: readInvoiceAddress(candidate['billing']),
    shipping: readInvoiceAddress(candidate['shipping']),
    order_items: items,
    subtotal: centsOf(candidate['subtotal']),
    tax: centsOf(candidate['tax']),
    ship_charge: centsOf(candidate['ship_charge']),
    total: centsOf(candidate['total']),
  };
}

const readAnalyticsItem = (item: Fields): AnalyticsItem => ({
  ...readTexts(item, ['sku', 'name', 'manufacturer'] as const),
  quantity: readAmount(item['quantity']),
  price: centsOf(item['price']),
});

function readAnalyticsOrder(value: unknown): AnalyticsOrder | undefined {
  if (!isFields(value)) return undefined;
  return {
    ...readTexts(value, ['order_no', 'display_name'] as const),
    ordertotal: centsOf(value['ordertotal']),
    tax: centsOf(value['tax']),
    shipping: centsOf(value['shipping']),
  };
}

export function parseReceipt(value: unknown): Receipt | null {
  if (!isFields(value)) return null;
  const invoice = parseInvoice(value['JSONINVOICE']);
  if (!invoice) return null;
  const items = readList(value['GAITEMS'], readAnalyticsItem);
  const order = readAnalyticsOrder(value['GAORDER']);
  return {
    ORDER_NO: readText(value['ORDER_NO']),
    JSONINVOICE: invoice,
    ...(items ? { GAITEMS: items } : {}),
    ...(order ? { GAORDER: order } : {}),
  };
}

export type PaymentMethod = 'cc' | 'pp' | 'ol';

/** What the review page leaves for this page under the basket key (never card data). */
export interface StoredCheckout {
  payMethod: PaymentMethod;
  receipt?: Receipt;
}

export function parseStoredCheckout(raw: string | null): StoredCheckout | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const method = value['payMethod'];
    if (method !== 'cc' && method !== 'pp' && method !== 'ol') return null;
    const receipt = value['receipt'] === undefined ? null : parseReceipt(value['receipt']);
    return receipt ? { payMethod: method, receipt } : { payMethod: method };
  } catch {
    return null;
  }
}

export type SuccessStart =
  | { kind: 'redirect' }
  | { kind: 'wallet'; token: string | null }
  | { kind: 'receipt'; payMethod: PaymentMethod; receipt: Receipt | null };

/**
 * Spec checkout §4 Payment success: without a user, a stored method or a basket number the page
 * leaves; the wallet confirms with its token; other methods show the stored receipt.
 */
export function decideStart(input: {
  signedIn: boolean;
  basketNum: string | undefined;
  stored: StoredCheckout | null;
  token: string | null;
}): SuccessStart {
  if (!input.signedIn || !input.basketNum || !input.stored) return { kind: 'redirect' };
  if (input.stored.payMethod === 'pp') return { kind: 'wallet', token: input.token };
  return { kind: 'receipt', payMethod: input.stored.payMethod, receipt: input.stored.receipt ?? null };
}

/** Wallet confirmation answer: CODE 0 with a receipt is success; anything else is the critical error. */
export function walletConfirmation(ok: boolean, body: unknown): Receipt | null {
  if (!ok || body === null || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  if (Number(record['CODE']) !== 0 || record['CODE'] === null || record['CODE'] === undefined) return null;
  return parseReceipt(record['RECEIPT']);
}

/**
 * The wallet confirmation's answer never came (the connection dropped, the store did not answer
 * in time, or the browser lost the call): the order may have been placed, so the page must not say
 * it was not. Confirming again is safe, since the store answers a confirmed token with the same receipt.
 */
export const walletAnswerLost = isAnswerLost;

export function checkoutStorageKey(basketNum: string): string {
  return `checkout:${basketNum}`;
}

/** The last invoice shown, so a reload after the cart was cleared still shows it. */
export const LAST_INVOICE_KEY = 'lastInvoice';

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
export function walletErrorReference(body: unknown): string | null {
  if (!isFields(body)) return null;
  const receipt = parseReceipt(body['RECEIPT']);
  if (receipt) return receipt.JSONINVOICE.order_no_display || receipt.ORDER_NO || null;
  const orderNo = readText(body['ORDER_NO']);
  return orderNo || null;
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
