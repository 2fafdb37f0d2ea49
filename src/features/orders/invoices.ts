import type { OrderItem, OrderRecord } from '~/lib/store-api/orders';
import { lineRow, type LineRow } from '~/lib/line-price';
import type { InvoiceItem } from '~/lib/store-api/receipt';

/** What the history takes from each order's invoice: the price breakdown and the invoice page. */

/**
 * The price of each history line, from the order's invoice: the history record carries no prices,
 * the invoice no line statuses. A line takes the first invoice line of its part number not taken
 * by an earlier one; a line the invoice does not price has none (null), never a guessed one.
 */
export function linePrices(
  items: readonly OrderItem[],
  invoiceItems: readonly Pick<InvoiceItem, 'sku' | 'quantity' | 'your_price' | 'ext_price'>[],
): (LineRow | null)[] {
  const taken = new Set<number>();
  return items.map((item) => {
    const sku = (item.sku ?? '').trim();
    const index = invoiceItems.findIndex((line, at) => !taken.has(at) && sku !== '' && line.sku.trim() === sku);
    const line = invoiceItems[index];
    if (!line) return null;
    taken.add(index);
    return lineRow(line.quantity, line.your_price, line.ext_price);
  });
}

/** The order's invoice on a page of its own, to read and print. */
export function invoiceHref(displayNumber: string, localePrefix = ''): string {
  return `${localePrefix}/order-history/invoice/?${new URLSearchParams({ order: displayNumber }).toString()}`;
}

/**
 * An order as the history page sends it to its island: the invoice without its addresses, which
 * the breakdown never shows (the invoice page reads its own), so the page does not carry every
 * order's address three times.
 */
export function withoutInvoiceAddresses(order: OrderRecord): OrderRecord {
  if (!order.invoice) return order;
  return {
    ...order,
    invoice: { ...order.invoice, invoice: { ...order.invoice.invoice, billing: null, shipping: null } },
  };
}
