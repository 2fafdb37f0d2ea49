import { parseOrderConfirmation, type OrderConfirmation } from '../receipt';
import { readOrders, type OrderRecord } from '../orders';
import { answerNotRead, endpoint, readable } from '../endpoint';

/** Orders: the history, a guest's lookup, an invoice, a cancellation. */
export const ordersHistory = /* @__PURE__ */ endpoint<OrderRecord[]>({
  method: 'GET',
  path: 'v2/orders/history',
  flag: 'ordersHistory',
  auth: true,
  proxy: 'plain',
  decode: readOrders,
});
/**
 * Made by the lookup's action (actions/orders.ts), not through the proxy: the e-mail it needs
 * travels in a form's body, never in an address of this site.
 */
export const ordersGuestLookup = /* @__PURE__ */ endpoint<OrderRecord[]>({
  method: 'GET',
  path: 'v2/orders/history/guest',
  flag: 'ordersGuestLookup',
  decode: readOrders,
});
/**
 * One of the caller's orders as its invoice, with where its confirmation went: the invoice page,
 * and payment success for a customer by token or a guest by basket key (store-api/README.md).
 */
export const orderInvoice = /* @__PURE__ */ endpoint<OrderConfirmation>({
  method: 'GET',
  path: 'v2/orders/{orderNoDisplay}/invoice',
  flag: 'orderInvoice',
  auth: true,
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(parseOrderConfirmation),
});
/** Made by the cancel action (actions/orders.ts), which both the history's form and its island post to. */
export const orderCancel = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: 'v2/orders/{orderNoDisplay}',
  flag: 'ordersCancel',
  auth: true,
  decode: answerNotRead,
});
