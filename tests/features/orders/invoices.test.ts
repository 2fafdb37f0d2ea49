import { describe, expect, it } from 'vitest';
import { invoiceHref, linePrices, withoutInvoiceAddresses } from '~/features/orders/invoices';
import { readOrders } from '~/lib/store-api/orders';

describe("an order's price breakdown", () => {
  const invoiceLine = (sku: string, quantity: number, your_price: number, ext_price: number) => ({
    sku,
    quantity,
    your_price,
    ext_price,
  });

  it('prices each line from the invoice line of its part number, N × unit where that is the line total', () => {
    const rows = linePrices(
      [{ sku: 'A-1', quantity: 2 }, { sku: 'B-2' }],
      [invoiceLine('B-2', 1, 774, 774), invoiceLine('A-1', 2, 2431, 4862)],
    );
    expect(rows).toEqual([
      { quantity: 2, unit: 2431, total: 4862 },
      { quantity: 1, unit: 774, total: 774 },
    ]);
  });

  it('shows the line total alone where the quantity times the shown unit is not what the store charges', () => {
    // 3 × 58.455 is charged 175.37, while 3 × the shown $58.46 would be $175.38.
    expect(linePrices([{ sku: '9900001' }], [invoiceLine('9900001', 3, 5846, 17537)])).toEqual([
      { quantity: 3, unit: null, total: 17537 },
    ]);
  });

  it('takes each invoice line once, and guesses no price for a line the invoice does not have', () => {
    const rows = linePrices(
      [{ sku: 'A-1' }, { sku: 'A-1' }, { sku: 'C-3' }, { sku: '' }],
      [invoiceLine('A-1', 1, 100, 100), invoiceLine('A-1', 2, 100, 200)],
    );
    expect(rows).toEqual([{ quantity: 1, unit: 100, total: 100 }, { quantity: 2, unit: 100, total: 200 }, null, null]);
  });

  it("links to the order's invoice page in the shopper's language", () => {
    expect(invoiceHref('601104')).toBe('/order-history/invoice/?order=601104');
    expect(invoiceHref('S10045', '/es')).toBe('/es/order-history/invoice/?order=S10045');
    expect(invoiceHref('1 & 2')).toBe('/order-history/invoice/?order=1+%26+2');
  });
});

describe('an order as the history page sends it', () => {
  const address = { firstname: 'Ana', city: 'Springfield', zip: '62701' };
  const invoice = { order_items: [], subtotal: 10, tax: 1, ship_charge: 2, total: 13, pay_type: 'cc' };

  it('keeps what the breakdown shows and leaves the invoice addresses to the invoice page', () => {
    const [order] =
      readOrders([{ orderno: { order_no: 1 }, invoice: { ...invoice, billing: address, shipping: address } }]) ?? [];
    if (!order) throw new Error('unread order');
    const sent = withoutInvoiceAddresses(order);
    expect(sent.invoice?.invoice).toEqual({ ...order.invoice?.invoice, billing: null, shipping: null });
    expect(sent.invoice?.payMethod).toBe('cc');
    expect(order.invoice?.invoice.billing?.city).toBe('Springfield');
  });

  it('leaves an order without an invoice as it is', () => {
    const [order] = readOrders([{ orderno: { order_no: 1 } }]) ?? [];
    if (!order) throw new Error('unread order');
    expect(withoutInvoiceAddresses(order)).toBe(order);
  });
});
