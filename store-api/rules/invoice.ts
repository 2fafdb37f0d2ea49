import type { PostalAddress } from './address.ts';
import { extPrice, orderTotal } from './basket.ts';

/** Invoice, analytics order and analytics items of a receipt (spec checkout §3). */
export const DISPLAY_OFFSET = 1000;

const MANUFACTURERS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  marine: { 1: 'Evinrude/Johnson/OMC', 2: 'Mercury', 10: 'Yamaha', 21: 'Outboard Recycle', 24: 'Suzuki' },
  cycle: { 10: 'Yamaha Parts', 25: 'Yamaha Bicycles' },
};

export function manufacturerName(storeId: string, mfgAccountId: number): string {
  return (
    MANUFACTURERS[storeId]?.[mfgAccountId] ?? MANUFACTURERS['marine']?.[mfgAccountId] ?? `Manufacturer ${mfgAccountId}`
  );
}

/** 2026-11-22T15:30:00Z -> '20261122153000' (UTC). */
export function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

export function invoiceNumberOf(orderNo: number): string {
  return String(orderNo + 3000000);
}

export function displayNumber(orderNo: number): number {
  return orderNo + DISPLAY_OFFSET;
}

export interface InvoiceLine {
  sku: string;
  name: string;
  mfg_account_id: number;
  quantity: number;
  base_price: number;
  price_discounted: number;
}

export interface InvoiceInput {
  orderNo: number;
  invoiceNum: string;
  orderedAt: Date;
  storeId: string;
  billing: PostalAddress | null;
  shipping: PostalAddress | null;
  lines: readonly InvoiceLine[];
  subtotal: number;
  tax: number;
  shipType: string;
  shipCharge: number;
}

export interface Invoice {
  order_no_display: number;
  invoice_num: string;
  date_ordered: string;
  billing: PostalAddress | null;
  shipping: PostalAddress | null;
  order_items: { sku: string; name: string; quantity: number; price: number; your_price: number; ext_price: number }[];
  subtotal: number;
  tax: number;
  ship_type: string;
  ship_charge: number;
  total: number;
}

export interface Receipt {
  ORDER_NO: number;
  JSONINVOICE: Invoice;
  GAITEMS: { sku: string; name: string; manufacturer: string; quantity: number; price: number }[];
  GAORDER: { order_no: number; display_name: string; ordertotal: number; tax: number; shipping: number };
}

export function buildReceipt(input: InvoiceInput): Receipt {
  const total = orderTotal(input.subtotal, input.shipCharge, input.tax);
  const display = displayNumber(input.orderNo);
  return {
    ORDER_NO: input.orderNo,
    JSONINVOICE: {
      order_no_display: display,
      invoice_num: input.invoiceNum,
      date_ordered: compactTimestamp(input.orderedAt),
      billing: input.billing,
      shipping: input.shipping,
      order_items: input.lines.map((line) => ({
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        price: line.base_price,
        your_price: line.price_discounted,
        // As the basket's extprice: fractions of a cent kept, only the subtotal is rounded.
        ext_price: extPrice(line.price_discounted, line.quantity),
      })),
      subtotal: input.subtotal,
      tax: input.tax,
      ship_type: input.shipType,
      ship_charge: input.shipCharge,
      total,
    },
    GAITEMS: input.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      manufacturer: manufacturerName(input.storeId, line.mfg_account_id),
      quantity: line.quantity,
      price: line.price_discounted,
    })),
    GAORDER: {
      order_no: input.orderNo,
      display_name: String(display),
      ordertotal: total,
      tax: input.tax,
      shipping: input.shipCharge,
    },
  };
}
