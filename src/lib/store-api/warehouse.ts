import { isFields, readAmount, readList, readText, type Fields } from '~/lib/api/read';

/** The warehouse's handling-delay report (spec checkout §9), as the API and the day's cached copy hold it. */
export type WarehouseColour = 'green' | 'yellow' | 'red';

export interface WarehouseBand {
  days_to_ship: number | string;
  rush: number;
  standard: number;
  no_rush: number;
}

export interface WarehouseStatus {
  status: WarehouseColour;
  in_stock: WarehouseBand[];
  non_stocked: WarehouseBand[];
  /** The report's day, YYYY-MM-DD. */
  date: string;
}

export function isWarehouseColour(value: unknown): value is WarehouseColour {
  return value === 'green' || value === 'yellow' || value === 'red';
}

const readBand = (band: Fields): WarehouseBand => ({
  days_to_ship: typeof band['days_to_ship'] === 'number' ? band['days_to_ship'] : readText(band['days_to_ship']),
  rush: readAmount(band['rush']),
  standard: readAmount(band['standard']),
  no_rush: readAmount(band['no_rush']),
});

/** A full warehouse report, from the API or the day's cached copy; null when it is not one. */
export function toWarehouseStatus(value: unknown): WarehouseStatus | null {
  if (!isFields(value) || !isWarehouseColour(value['status'])) return null;
  const inStock = readList(value['in_stock'], readBand);
  const nonStocked = readList(value['non_stocked'], readBand);
  if (!inStock || !nonStocked) return null;
  return { status: value['status'], in_stock: inStock, non_stocked: nonStocked, date: readText(value['date']) };
}
