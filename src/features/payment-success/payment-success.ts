import { z } from 'zod/mini';

/** Invoice of a receipt (spec checkout §3), parsed once at the edge. */
const text = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()]))),
  z.transform((value) => (value === null || value === undefined ? '' : String(value))),
);
const amount = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()]))),
  z.transform((value) => {
    const number = Number(value ?? 0);
    return Number.isFinite(number) ? number : 0;
  }),
);

const addressSchema = z.nullable(
  z.optional(
    z.object({
      firstname: text,
      lastname: text,
      company: text,
      address1: text,
      address2: text,
      city: text,
      state: text,
      zip: text,
      country: text,
      phone: text,
    }),
  ),
);

export const invoiceSchema = z.object({
  order_no_display: text,
  invoice_num: text,
  date_ordered: text,
  billing: addressSchema,
  shipping: addressSchema,
  order_items: z.array(
    z.object({ sku: text, name: text, quantity: amount, price: amount, your_price: amount, ext_price: amount }),
  ),
  subtotal: amount,
  tax: amount,
  ship_type: text,
  ship_charge: amount,
  total: amount,
});

export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceAddress = NonNullable<Invoice['billing']>;

export const analyticsOrderSchema = z.object({
  order_no: text,
  display_name: text,
  ordertotal: amount,
  tax: amount,
  shipping: amount,
});
export const analyticsItemsSchema = z.array(
  z.object({ sku: text, name: text, manufacturer: text, quantity: amount, price: amount }),
);

export const receiptSchema = z.object({
  ORDER_NO: text,
  JSONINVOICE: invoiceSchema,
  GAITEMS: z.optional(analyticsItemsSchema),
  GAORDER: z.optional(analyticsOrderSchema),
});

export type Receipt = z.infer<typeof receiptSchema>;

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
  const parsed = invoiceSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

export function parseReceipt(value: unknown): Receipt | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const invoice = parseInvoice(record['JSONINVOICE']);
  if (!invoice) return null;
  const parsed = receiptSchema.safeParse({ ...record, JSONINVOICE: invoice });
  return parsed.success ? parsed.data : null;
}

/** "YYYYMMDDHHMMSS" (or a shorter "YYYYMMDD"), in UTC, to a Date; anything else is null. */
export function parseCompactTimestamp(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  // Rejects impossible dates such as month 13, which Date would silently roll over.
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date;
}

/** Country is stored as "CC^Country name" and shown without the prefix. */
export function countryName(value: string): string {
  const index = value.indexOf('^');
  return index >= 0 ? value.slice(index + 1) : value;
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
export function decideStart(input: { signedIn: boolean; basketNum: string | undefined; stored: StoredCheckout | null; token: string | null }): SuccessStart {
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

export function checkoutStorageKey(basketNum: string): string {
  return `checkout:${basketNum}`;
}

/** The last invoice shown, so a reload after the cart was cleared still shows it. */
export const LAST_INVOICE_KEY = 'lastInvoice';
