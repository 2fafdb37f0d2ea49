import { isOneOf } from '~/lib/is-one-of';

/** The order history's date range and the query it sends: spec checkout §2 (Order history), §7, §9. */

export const HISTORY_RANGES = ['month', 'year', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export function isHistoryRange(value: unknown): value is HistoryRange {
  return isOneOf(HISTORY_RANGES, value);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The same day some months back (UTC), kept inside the target month: a month before March 31 is
 * the last day of February, not March 3.
 */
export function monthsBefore(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** Query of the history call: the legacy range name plus the dates it covers (to today). */
export function historyQuery(range: HistoryRange, today: Date, storeId: string): Record<string, string> {
  const query: Record<string, string> = { legacy_date_range: range, to_date: isoDay(today), store_id: storeId };
  if (range === 'all') return query;
  query['from_date'] = isoDay(monthsBefore(today, range === 'month' ? 1 : 12));
  return query;
}
