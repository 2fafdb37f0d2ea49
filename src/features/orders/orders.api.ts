import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { Result } from '~/lib/store-api/result';
import type { OrderRecord } from './orders';
import { readOrders } from './order-record';

export async function fetchOrderHistory(query: Record<string, string>): Promise<Result<OrderRecord[]>> {
  return call({ ...ENDPOINTS.ordersHistory, decode: readOrders }, { query, noCache: true });
}
