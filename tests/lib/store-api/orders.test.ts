import { describe, expect, it } from 'vitest';
import { readOrderRecord } from '~/lib/store-api/orders';

const record = {
  orderno: {
    order_no: 600101,
    invoice_no: 3600101,
    date_ordered: '20261101120000',
    order_total: 42.5,
    status_for_customer: 'shipped',
    ship_type: 'standard',
    customer_can_edit: 0,
    cancellation_requested: false,
    void: 0,
  },
  ship_to: { first_name: 'Casey', last_name: 'Marsh', city: 'Salt Lake City', zip: 84111 },
  status: 'shipped',
  items: [
    {
      name: 'Impeller',
      manufacturer: 'Yamaha',
      sku: '6E5',
      quantity: 2,
      quantity_bo: 0,
      quantity_nla: '0',
      po_no: null,
      status_for_customer: 'shipped',
      tracking: 'EZ1000000001',
    },
    'junk',
  ],
  trackings: [{ link: '/public/tracking/?trackingNumber=EZ1000000001', name: 'EZ1000000001' }],
};

describe('order history answer', () => {
  it('reads a record, keeping values of the right kind', () => {
    const read = readOrderRecord(record);
    expect(read?.orderno).toEqual({
      order_no: 600101,
      date_ordered: '20261101120000',
      order_total: 4250,
      status_for_customer: 'shipped',
      ship_type: 'standard',
      customer_can_edit: 0,
      cancellation_requested: false,
      void: 0,
    });
    expect(read?.ship_to).toEqual({ first_name: 'Casey', last_name: 'Marsh', city: 'Salt Lake City', zip: undefined });
    expect(read?.items).toHaveLength(1);
    expect(read?.items?.[0]).toMatchObject({
      sku: '6E5',
      quantity: 2,
      quantity_nla: '0',
      po_no: undefined,
      tracking: 'EZ1000000001',
    });
    expect(read?.trackings).toEqual([{ link: '/public/tracking/?trackingNumber=EZ1000000001', name: 'EZ1000000001' }]);
  });

  it("reads the invoice a guest's lookup carries, in cents, and says when it cannot be read", () => {
    const invoice = {
      order_no_display: 601101,
      invoice_num: '3600101',
      date_ordered: '20261101120000',
      billing: null,
      shipping: null,
      order_items: [{ sku: '6E5', name: 'Impeller', quantity: 2, price: 27.5, your_price: 24.31, ext_price: 48.62 }],
      subtotal: 48.62,
      tax: 2.97,
      ship_type: 'standard',
      ship_charge: 9.45,
      total: 61.04,
      pay_type: 'pp',
    };
    const read = readOrderRecord({ ...record, invoice });
    expect(read?.invoice?.payMethod).toBe('pp');
    expect(read?.invoice?.invoice.total).toBe(6104);
    expect(read?.invoice?.invoice.order_items[0]?.ext_price).toBe(4862);
    expect(readOrderRecord({ ...record, invoice: 'junk' })?.invoice).toBeNull();
    expect(readOrderRecord(record)).not.toHaveProperty('invoice');
  });

  it('refuses a record without an order number', () => {
    expect(readOrderRecord({ ...record, orderno: { order_total: 1 } })).toBeNull();
    expect(readOrderRecord({ status: 'shipped' })).toBeNull();
    expect(readOrderRecord(null)).toBeNull();
  });
});
