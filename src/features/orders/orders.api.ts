import { isFields, optionalText, optionalTextOrNumber, type Fields } from '~/lib/api/read';
import { request, type ApiResult } from '~/lib/api/client';
import { cancelPayload, type CancelReason, type OrderItem, type OrderRecord } from './orders';

const flagValue = (value: unknown): boolean | number | string | undefined => (typeof value === 'boolean' ? value : optionalTextOrNumber(value));

function readItem(item: Fields): OrderItem {
  return {
    name: optionalText(item['name']),
    manufacturer: optionalText(item['manufacturer']),
    sku: optionalText(item['sku']),
    quantity: optionalTextOrNumber(item['quantity']),
    quantity_bo: optionalTextOrNumber(item['quantity_bo']),
    quantity_nla: optionalTextOrNumber(item['quantity_nla']),
    po_no: optionalTextOrNumber(item['po_no']),
    status_for_customer: optionalText(item['status_for_customer']),
    tracking: optionalText(item['tracking']),
  };
}

/** One order history record; null when it has no order number (the list is then refused). */
export function readOrderRecord(value: unknown): OrderRecord | null {
  const header = isFields(value) ? value['orderno'] : null;
  if (!isFields(value) || !isFields(header)) return null;
  const orderNo = optionalTextOrNumber(header['order_no']);
  if (orderNo === undefined) return null;
  const shipTo = value['ship_to'];
  return {
    orderno: {
      order_no: orderNo,
      date_ordered: optionalTextOrNumber(header['date_ordered']),
      order_total: optionalTextOrNumber(header['order_total']),
      status_for_customer: optionalText(header['status_for_customer']),
      ship_type: optionalText(header['ship_type']),
      customer_can_edit: flagValue(header['customer_can_edit']),
      cancellation_requested: flagValue(header['cancellation_requested']),
      void: flagValue(header['void']),
    },
    ship_to: isFields(shipTo) ? Object.fromEntries(Object.entries(shipTo).map(([key, text]) => [key, optionalText(text)])) : null,
    status: optionalText(value['status']),
    items: Array.isArray(value['items']) ? value['items'].filter(isFields).map(readItem) : null,
    trackings: Array.isArray(value['trackings']) ? value['trackings'].filter(isFields).map((entry) => ({ link: optionalText(entry['link']), name: optionalText(entry['name']) })) : null,
  };
}

export type OrdersAnswer =
  | { ok: true; orders: OrderRecord[] }
  | { ok: false; status: number; result: ApiResult<unknown>; cancelled: boolean };

function readList(result: ApiResult<unknown>): OrdersAnswer {
  if (!result.ok) return { ok: false, status: result.status, result, cancelled: result.statusText === 'cancelled' };
  // An empty answer means no orders.
  if (result.body === null || result.body === undefined || result.body === '') return { ok: true, orders: [] };
  const orders = Array.isArray(result.body) ? result.body.map(readOrderRecord) : [null];
  return orders.every((order) => order !== null) ? { ok: true, orders } : { ok: false, status: 502, result, cancelled: false };
}

export async function fetchOrderHistory(query: Record<string, string>): Promise<OrdersAnswer> {
  return readList(await request({ flag: 'ordersHistory', url: 'v2/orders/history', params: query, noCache: true }));
}

export async function fetchGuestOrder(query: Record<string, string>): Promise<OrdersAnswer> {
  return readList(await request({ flag: 'ordersGuestLookup', url: 'v2/orders/history/guest', params: query, noCache: true }));
}

export async function requestCancellation(orderNoDisplay: string, reason: CancelReason, note: string): Promise<ApiResult<unknown>> {
  return request({
    flag: `ordersCancel${orderNoDisplay}`,
    url: `v2/orders/${encodeURIComponent(orderNoDisplay)}`,
    method: 'DELETE',
    data: cancelPayload(reason, note),
  });
}
