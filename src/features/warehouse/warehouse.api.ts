import { isFields, readAmount, readList, readText, type Fields } from '~/lib/api/read';
import { send } from '~/lib/store-api/browser';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { isWarehouseColour, type WarehouseBand, type WarehouseStatus } from './warehouse';

const readBand = (band: Fields): WarehouseBand => ({
  days_to_ship: typeof band['days_to_ship'] === 'number' ? band['days_to_ship'] : readText(band['days_to_ship']),
  rush: readAmount(band['rush']),
  standard: readAmount(band['standard']),
  no_rush: readAmount(band['no_rush']),
});

/** A full warehouse report, from the API or the day's cached copy; null when it is not one. */
export function readWarehouseStatus(value: unknown): WarehouseStatus | null {
  if (!isFields(value) || !isWarehouseColour(value['status'])) return null;
  const inStock = readList(value['in_stock'], readBand);
  const nonStocked = readList(value['non_stocked'], readBand);
  if (!inStock || !nonStocked) return null;
  return { status: value['status'], in_stock: inStock, non_stocked: nonStocked, date: readText(value['date']) };
}

export async function fetchWarehouseStatus(): Promise<WarehouseStatus | null> {
  const result = await send(ENDPOINTS.warehouseStatus, { query: { format: 'full_report' } });
  return result.ok ? readWarehouseStatus(result.body) : null;
}
