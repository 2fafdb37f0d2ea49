import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { cancelCustomerOrder, lookUpGuestOrder } from '~/features/orders/orders.server';
import { lookupFromQuery, type PostedLookup } from '~/features/orders/guest-lookup';
import type { PostedCancel } from '~/features/orders/cancellation';
import { formText } from './form-input';

export const orders = {
  /**
   * A guest's order by e-mail and order or invoice number. The fields travel in the body, never
   * in an address: the plain form posts them to its page, the island sends the same fields.
   */
  lookup: defineAction({
    accept: 'form',
    input: z.object({
      email: formText(320),
      mode: formText(16),
      order_no: formText(64),
      invoice_no: formText(64),
    }),
    handler: (input, context): Promise<PostedLookup> =>
      lookUpGuestOrder(context, lookupFromQuery(new URLSearchParams(input))),
  }),

  /** A cancellation of one order of the signed-in customer, posted from the history by its form or its island. */
  cancel: defineAction({
    accept: 'form',
    input: z.object({ order: formText(64), reason: formText(32), note: formText(2000) }),
    handler: (input, context): Promise<PostedCancel> => cancelCustomerOrder(context, input),
  }),
};
