/**
 * Warehouse handling-delay status (spec checkout §2 badge, §3 Warehouse status, §9 bands): the share
 * of orders per shipping class that left the warehouse in each band of days.
 */
export type WarehouseColour = 'green' | 'yellow' | 'red';

export interface BandEntry {
  days_to_ship: number;
  band: string;
  rush: number;
  standard: number;
  no_rush: number;
}

/** In stock: same day, next day, +2 to +7 days, more than 7 (99). */
export const IN_STOCK_BANDS: readonly { days: number; band: string }[] = [
  { days: 0, band: 'same day' },
  { days: 1, band: 'next day' },
  ...[2, 3, 4, 5, 6, 7].map((days) => ({ days, band: `+${days} days` })),
  { days: 99, band: 'more than 7 days' },
];
/** Non-stocked: 3-5, 6-7, more than 7 days (keyed by their last day, 99 for the open band). */
export const NON_STOCKED_BANDS: readonly { days: number; band: string }[] = [
  { days: 5, band: '3-5 days' },
  { days: 7, band: '6-7 days' },
  { days: 99, band: 'more than 7 days' },
];

/** Shares of standard orders that make the promise: in stock by the next day, non-stock within 5 days. */
export const GREEN_FROM = 85;
export const YELLOW_FROM = 65;

function share(entries: readonly BandEntry[], maxDays: number): number {
  return entries.filter((entry) => entry.days_to_ship <= maxDays).reduce((sum, entry) => sum + entry.standard, 0);
}

function colourOf(percent: number): WarehouseColour {
  if (percent >= GREEN_FROM) return 'green';
  if (percent >= YELLOW_FROM) return 'yellow';
  return 'red';
}

const RANK: Readonly<Record<WarehouseColour, number>> = { green: 0, yellow: 1, red: 2 };

/** The badge shows the worse of the two promises. */
export function warehouseColour(inStock: readonly BandEntry[], nonStocked: readonly BandEntry[]): WarehouseColour {
  const a = colourOf(share(inStock, 1));
  const b = colourOf(share(nonStocked, 5));
  return RANK[a] >= RANK[b] ? a : b;
}

/** Today as the API dates the report (YYYY-MM-DD, UTC); the client caches it for the day. */
export function reportDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
