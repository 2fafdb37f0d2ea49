import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints/basket';
import type { WarehouseStatus } from '~/lib/store-api/warehouse';

export async function fetchWarehouseStatus(): Promise<WarehouseStatus | null> {
  const result = await call(ENDPOINTS.warehouseStatus, { query: { format: 'full_report' } });
  return result.ok ? result.value : null;
}
