import { STORE_TIME_ZONE } from '~/lib/i18n/format';
import type { MessageKey } from '~/lib/i18n/translate';
import type { WarehouseStatus } from '~/lib/store-api/warehouse';

/** Warehouse handling-delay badge (spec checkout §2, §3, §4 cache, §9 bands). */
export const SHIPPING_TYPES = ['rush', 'standard', 'no_rush'] as const;

/** Locale key of a band: in stock 0 same day, 1 next day, 2..7 plus N days, 99 more than 7. */
export function bandLabel(
  kind: 'in_stock' | 'non_stocked',
  days: number | string,
): { key: MessageKey; params?: { days: number } } {
  const text = String(days).trim();
  if (kind === 'non_stocked') {
    if (/^3\s*-\s*5$/.test(text) || text === '3' || text === '4' || text === '5')
      return { key: 'warehouse.band.threeToFive' };
    if (/^6\s*-\s*7$/.test(text) || text === '6' || text === '7') return { key: 'warehouse.band.sixToSeven' };
    return { key: 'warehouse.band.moreThanSeven' };
  }
  const value = Number(text);
  if (value === 0) return { key: 'warehouse.band.sameDay' };
  if (value === 1) return { key: 'warehouse.band.nextDay' };
  if (Number.isInteger(value) && value >= 2 && value <= 7)
    return { key: 'warehouse.band.plusDays', params: { days: value } };
  return { key: 'warehouse.band.moreThanSeven' };
}

/** YYYY-MM-DD of an instant in the store's Mountain time. */
export function storeDay(now: Date, timeZone = STORE_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(now);
}

/** One-day cache: a stored report is reused while its date is today or later. */
export function isCacheFresh(
  report: Pick<WarehouseStatus, 'date'> | null,
  now: Date,
  timeZone = STORE_TIME_ZONE,
): boolean {
  if (!report || !/^\d{4}-\d{2}-\d{2}/.test(report.date)) return false;
  return report.date.slice(0, 10) >= storeDay(now, timeZone);
}

export const WAREHOUSE_CACHE_KEY = 'warehouseStatus';
