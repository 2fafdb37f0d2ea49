import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints/orders';
import type { Result } from '~/lib/store-api/result';
import type { OrderRecord } from '~/lib/store-api/orders';

export async function fetchOrderHistory(query: Record<string, string>): Promise<Result<OrderRecord[]>> {
  return call(ENDPOINTS.ordersHistory, { query, noCache: true });
}
