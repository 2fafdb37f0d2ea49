import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints/orders';
import type { Result } from '~/lib/store-api/result';
import type { OrderInvoice } from '~/lib/store-api/receipt';
import type { OrderRecord } from '~/lib/store-api/orders';

export async function fetchOrderHistory(query: Record<string, string>): Promise<Result<OrderRecord[]>> {
  return call(ENDPOINTS.ordersHistory, { query, noCache: true });
}

/** One order's invoice; a flag per order, so the history's several calls never cancel each other. */
export async function fetchOrderInvoice(displayNumber: string): Promise<Result<OrderInvoice>> {
  return call(ENDPOINTS.orderInvoice, {
    params: { orderNoDisplay: displayNumber },
    flag: `orderInvoice:${displayNumber}`,
    noCache: true,
  });
}
