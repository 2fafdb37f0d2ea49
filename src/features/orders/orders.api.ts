import { z } from 'zod/mini';
import { request, type ApiResult } from '~/lib/api/client';
import { cancelPayload, type CancelReason, type OrderRecord } from './orders';

const text = z.optional(z.nullable(z.string()));
const numberOrText = z.optional(z.nullable(z.union([z.number(), z.string()])));
const flagValue = z.optional(z.nullable(z.union([z.boolean(), z.number(), z.string()])));

const orderRecordSchema = z.object({
  orderno: z.object({
    order_no: z.union([z.number(), z.string()]),
    date_ordered: numberOrText,
    order_total: numberOrText,
    status_for_customer: text,
    ship_type: text,
    customer_can_edit: flagValue,
    cancellation_requested: flagValue,
    void: flagValue,
  }),
  ship_to: z.optional(z.nullable(z.record(z.string(), z.optional(z.nullable(z.string()))))),
  status: text,
  items: z.optional(
    z.nullable(
      z.array(
        z.object({
          name: text,
          manufacturer: text,
          sku: text,
          quantity: numberOrText,
          quantity_bo: numberOrText,
          quantity_nla: numberOrText,
          po_no: numberOrText,
          status_for_customer: text,
          tracking: text,
        }),
      ),
    ),
  ),
  trackings: z.optional(z.nullable(z.array(z.object({ link: text, name: text })))),
});

const orderListSchema = z.array(orderRecordSchema);

export type OrdersAnswer =
  | { ok: true; orders: OrderRecord[] }
  | { ok: false; status: number; result: ApiResult<unknown>; cancelled: boolean };

function readList(result: ApiResult<unknown>): OrdersAnswer {
  if (!result.ok) return { ok: false, status: result.status, result, cancelled: result.statusText === 'cancelled' };
  // An empty answer means no orders.
  if (result.body === null || result.body === undefined || result.body === '') return { ok: true, orders: [] };
  const parsed = orderListSchema.safeParse(result.body);
  return parsed.success ? { ok: true, orders: parsed.data } : { ok: false, status: 502, result, cancelled: false };
}

export async function fetchOrderHistory(query: Record<string, string>): Promise<OrdersAnswer> {
  return readList(await request({ flag: 'ordersHistory', url: 'v2/orders/history', params: query, auth: true, noCache: true }));
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
    auth: true,
  });
}
