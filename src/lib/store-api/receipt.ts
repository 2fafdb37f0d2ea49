import { POSTAL_ADDRESS_FIELDS, type PostalAddressFields } from '~/lib/postal-address';
import { isFields, readAmount, readList, readText, readTexts, type Fields } from '~/lib/api/read';
import { centsOf, shownLineTotals, type Cents } from '~/lib/money';

/** Invoice of a receipt (spec checkout §3), read once at the edge, amounts in cents. */
export type InvoiceAddress = PostalAddressFields;

/** How an order was paid: card, wallet, or not yet (order now, pay later). */
export type PaymentMethod = 'cc' | 'pp' | 'ol';

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return value === 'cc' || value === 'pp' || value === 'ol';
}

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

const readInvoiceItem = (item: Fields, extPrice: Cents): InvoiceItem => ({
  sku: readText(item['sku']),
  name: readText(item['name']),
  quantity: readAmount(item['quantity']),
  price: centsOf(item['price']),
  your_price: centsOf(item['your_price']),
  ext_price: extPrice,
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
  const lines = readList(candidate['order_items'], (item) => item);
  if (!lines) return null;
  const subtotal = centsOf(candidate['subtotal']);
  const shown = shownLineTotals(
    lines.map((item) => item['ext_price']),
    subtotal,
  );
  return {
    ...readTexts(candidate, ['order_no_display', 'invoice_num', 'date_ordered', 'ship_type'] as const),
    billing: readInvoiceAddress(candidate['billing']),
    shipping: readInvoiceAddress(candidate['shipping']),
    // The lines as shown add up to the subtotal charged.
    order_items: lines.map((item, index) => readInvoiceItem(item, shown[index] ?? 0)),
    subtotal,
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

/** One order's invoice as the store API answers it for the history, with how the order was paid. */
export interface OrderInvoice {
  invoice: Invoice;
  /** Null when the store does not say. */
  payMethod: PaymentMethod | null;
}

export function parseOrderInvoice(value: unknown): OrderInvoice | null {
  const invoice = parseInvoice(value);
  if (!invoice || !isFields(value)) return null;
  const method = value['pay_type'];
  return { invoice, payMethod: isPaymentMethod(method) ? method : null };
}

/** An order's invoice as payment success reads it: with the address its confirmation went to ('' when the store does not say). */
export interface OrderConfirmation extends OrderInvoice {
  email: string;
}

export function parseOrderConfirmation(value: unknown): OrderConfirmation | null {
  const read = parseOrderInvoice(value);
  return read && isFields(value) ? { ...read, email: readText(value['email']).trim() } : null;
}
