import { isFields, optionalText, optionalTextOrNumber, type Fields } from '~/lib/api/read';
import { centsOf } from '~/lib/money';
import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { Result } from '~/lib/store-api/result';
import { cancelPayload, type CancelReason, type OrderItem, type OrderRecord } from './orders';

const flagValue = (value: unknown): boolean | number | string | undefined =>
  typeof value === 'boolean' ? value : optionalTextOrNumber(value);

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
      order_total:
        header['order_total'] === undefined || header['order_total'] === null
          ? undefined
          : centsOf(header['order_total']),
      status_for_customer: optionalText(header['status_for_customer']),
      ship_type: optionalText(header['ship_type']),
      customer_can_edit: flagValue(header['customer_can_edit']),
      cancellation_requested: flagValue(header['cancellation_requested']),
      void: flagValue(header['void']),
    },
    ship_to: isFields(shipTo)
      ? Object.fromEntries(Object.entries(shipTo).map(([key, text]) => [key, optionalText(text)]))
      : null,
    status: optionalText(value['status']),
    items: Array.isArray(value['items']) ? value['items'].filter(isFields).map(readItem) : null,
    trackings: Array.isArray(value['trackings'])
      ? value['trackings']
          .filter(isFields)
          .map((entry) => ({ link: optionalText(entry['link']), name: optionalText(entry['name']) }))
      : null,
  };
}

/** The orders of a history answer; undefined when one of them cannot be read (the list is refused). */
export function readOrders(body: unknown): OrderRecord[] | undefined {
  // An empty answer means no orders.
  if (body === null || body === undefined || body === '') return [];
  const orders = Array.isArray(body) ? body.map(readOrderRecord) : [null];
  return orders.every((order) => order !== null) ? orders : undefined;
}

export async function fetchOrderHistory(query: Record<string, string>): Promise<Result<OrderRecord[]>> {
  return call({ ...ENDPOINTS.ordersHistory, decode: readOrders }, { query, noCache: true });
}

export async function fetchGuestOrder(query: Record<string, string>): Promise<Result<OrderRecord[]>> {
  return call({ ...ENDPOINTS.ordersGuestLookup, decode: readOrders }, { query, noCache: true });
}

export async function requestCancellation(
  orderNoDisplay: string,
  reason: CancelReason,
  note: string,
): Promise<Result<unknown>> {
  return call(ENDPOINTS.orderCancel, {
    params: { orderNoDisplay },
    flag: `${ENDPOINTS.orderCancel.flag}${orderNoDisplay}`,
    data: cancelPayload(reason, note),
  });
}
