import { isFields, optionalText, optionalTextOrNumber, type Fields } from '~/lib/api/read';
import { optionalCents, type Cents } from '~/lib/money';
import { parseOrderInvoice, type OrderInvoice } from './receipt';

/** Order records as the store API answers them (spec checkout §3), read once at the edge for the history and the lookup. */
export interface OrderHeader {
  order_no: string | number;
  date_ordered?: string | number | null | undefined;
  order_total?: Cents | undefined;
  status_for_customer?: string | null | undefined;
  ship_type?: string | null | undefined;
  customer_can_edit?: boolean | number | string | null | undefined;
  cancellation_requested?: boolean | number | string | null | undefined;
  void?: boolean | number | string | null | undefined;
}

export interface OrderItem {
  name?: string | null | undefined;
  manufacturer?: string | null | undefined;
  sku?: string | null | undefined;
  quantity?: number | string | null | undefined;
  quantity_bo?: number | string | null | undefined;
  quantity_nla?: number | string | null | undefined;
  po_no?: string | number | null | undefined;
  status_for_customer?: string | null | undefined;
  tracking?: string | null | undefined;
}

export interface OrderRecord {
  orderno: OrderHeader;
  ship_to?: Record<string, string | null | undefined> | null | undefined;
  status?: string | null | undefined;
  items?: readonly OrderItem[] | null | undefined;
  trackings?: readonly { link?: string | null | undefined; name?: string | null | undefined }[] | null | undefined;
  /**
   * The order's invoice, which the history and the guest lookup carry for the price breakdown; null
   * when it cannot be read, absent when the answer does not carry it.
   */
  invoice?: OrderInvoice | null | undefined;
}

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
      order_total: optionalCents(header['order_total']),
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
    ...(value['invoice'] === undefined ? {} : { invoice: parseOrderInvoice(value['invoice']) }),
  };
}

/** The orders of a history answer; undefined when one of them cannot be read (the list is refused). */
export function readOrders(body: unknown): OrderRecord[] | undefined {
  // An empty answer means no orders.
  if (body === null || body === undefined || body === '') return [];
  const orders = Array.isArray(body) ? body.map(readOrderRecord) : [null];
  return orders.every((order) => order !== null) ? orders : undefined;
}
