import { z } from 'zod';

/**
 * An order's invoice as the store API answers it: in the checkout's receipt (`JSONINVOICE`) and,
 * with how it was paid, as one of a customer's orders. The shape `rules/invoice.ts` builds.
 */
const address_ = z.record(z.string(), z.string()).nullable();

export const invoice_ = z.object({
  order_no_display: z.number().int(),
  invoice_num: z.string(),
  date_ordered: z.string(),
  billing: address_,
  shipping: address_,
  order_items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number(),
      price: z.number(),
      your_price: z.number(),
      ext_price: z.number(),
    }),
  ),
  subtotal: z.number(),
  tax: z.number(),
  ship_type: z.string(),
  ship_charge: z.number(),
  total: z.number(),
});

/**
 * One of a customer's orders as its invoice: new-shop orders are numbered `S…`, and it says how it
 * was paid and the address its confirmation went to.
 */
export const orderInvoice_ = invoice_
  .extend({
    order_no_display: z.union([z.number(), z.string()]),
    pay_type: z.enum(['cc', 'pp', 'ol']),
    email: z.string(),
  })
  .meta({ id: 'OrderInvoice' });
