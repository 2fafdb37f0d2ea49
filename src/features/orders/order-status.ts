import { isOneOf } from '~/lib/is-one-of';

/** An order's status, its badge and its help page: spec checkout §4 (Order status colours). */

export const ORDER_STATUSES = [
  'waiting_on_manufacturer',
  'pending',
  'in_stock',
  'awaiting_shipment',
  'partially_shipped',
  'shipped',
  'en_route',
  'delivered',
  'delivery_exception',
  'cancellation_requested',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Where an order stands, as the shopper reads it: still being prepared, on its way, arrived, a
 * cancellation asked for, or a problem. Each group has its own badge colour, so "cancellation
 * requested" (waiting for the shop) never looks like "cancelled" (final).
 */
export type StatusGroup = 'progress' | 'shipping' | 'done' | 'cancelling' | 'problem';
export type StatusColour = 'neutral' | 'info' | 'success' | 'warning' | 'error';

const STATUS_GROUPS: Readonly<Record<OrderStatus, StatusGroup>> = {
  waiting_on_manufacturer: 'progress',
  pending: 'progress',
  in_stock: 'progress',
  awaiting_shipment: 'progress',
  partially_shipped: 'shipping',
  shipped: 'shipping',
  en_route: 'shipping',
  delivered: 'done',
  cancellation_requested: 'cancelling',
  delivery_exception: 'problem',
  cancelled: 'problem',
};

const GROUP_COLOURS: Readonly<Record<StatusGroup, StatusColour>> = {
  progress: 'neutral',
  shipping: 'info',
  done: 'success',
  cancelling: 'warning',
  problem: 'error',
};

/** Statuses arrive in several spellings ("Partially Shipped", "partiallyShipped"): one key for each. */
export function normaliseStatus(status: string | null | undefined): string {
  return (status ?? '')
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

export function isOrderStatus(status: string): status is OrderStatus {
  return isOneOf(ORDER_STATUSES, status);
}

/** The group of a status in any spelling; a status this store does not know reads as in progress. */
export function statusGroup(status: string | null | undefined): StatusGroup {
  const key = normaliseStatus(status);
  return isOrderStatus(key) ? STATUS_GROUPS[key] : 'progress';
}

export function statusColour(status: string | null | undefined): StatusColour {
  return GROUP_COLOURS[statusGroup(status)];
}

/** Help pages on the storefront explaining each status; unknown statuses get the general page. */
export const STATUS_HELP_DEFAULT = '/order-status.html';
const STATUS_HELP: Readonly<Record<OrderStatus, string>> = {
  waiting_on_manufacturer: '/order-status.html#waiting-on-manufacturer',
  pending: '/order-status.html#pending',
  in_stock: '/order-status.html#in-stock',
  awaiting_shipment: '/order-status.html#awaiting-shipment',
  partially_shipped: '/order-status.html#partially-shipped',
  shipped: '/order-status.html#shipped',
  en_route: '/order-status.html#en-route',
  delivered: '/order-status.html#delivered',
  delivery_exception: '/order-status.html#delivery-exception',
  cancellation_requested: '/order-status.html#cancellation-requested',
  cancelled: '/order-status.html#cancelled',
};

export function statusHelpLink(status: string | null | undefined, storefrontUrl: string): string {
  const key = normaliseStatus(status);
  const path = isOrderStatus(key) ? STATUS_HELP[key] : STATUS_HELP_DEFAULT;
  return new URL(path, storefrontUrl).href;
}
