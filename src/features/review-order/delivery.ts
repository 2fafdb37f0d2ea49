import type { ShippingCode } from '~/lib/shipping-codes';
import { STORE_TIME_ZONE } from '~/lib/i18n/format';

/**
 * The delivery date range a shipping option shows. The store API answers prices, not dates, so
 * the range is an estimate from the spec's constants (checkout §9):
 * - the order leaves on the store's business day (Monday to Friday, Mountain time): today when
 *   placed before the 3 PM cutoff, else the next business day;
 * - a basket with non-stock items leaves 3 to 5 business days later;
 * - then the service's transit time in business days (rush next day 1, rush two days 2,
 *   expedited 2-3, standard 3-5, free no-rush 7-10, priority 3, economy 5).
 * Parcel post (30 or more business days) has no end, so it shows no range. Holidays are not
 * counted. Dates are calendar days at noon UTC, to be formatted in UTC.
 */
const TRANSIT: Partial<Record<ShippingCode, readonly [number, number]>> = {
  '01': [1, 1],
  '02': [2, 2],
  '03': [2, 3],
  '04': [3, 5],
  '05': [3, 3],
  '06': [5, 5],
  '09': [7, 10],
};
export const CUTOFF_HOUR = 15;
const NON_STOCK_HANDLING = [3, 5] as const;

function addBusinessDays(day: Date, count: number): Date {
  const next = new Date(day);
  for (let left = count; left > 0;) {
    next.setUTCDate(next.getUTCDate() + 1);
    if (next.getUTCDay() % 6) left--;
  }
  return next;
}

export function deliveryRange(
  code: ShippingCode,
  now: Date,
  nonStock: boolean,
  timeZone = STORE_TIME_ZONE,
): [Date, Date] | null {
  const transit = TRANSIT[code];
  if (!transit) return null;
  // en-US parts come as month, day, year, hour.
  const [month = 1, day = 1, year = 1970, hour = 0] = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    hourCycle: 'h23',
    timeZone,
  })
    .formatToParts(now)
    .filter((part) => part.type !== 'literal')
    .map((part) => Number(part.value));
  let leaves = new Date(Date.UTC(year, month - 1, day, 12));
  if (!(leaves.getUTCDay() % 6) || hour >= CUTOFF_HOUR) leaves = addBusinessDays(leaves, 1);
  const [earliest, latest] = nonStock ? NON_STOCK_HANDLING : [0, 0];
  return [addBusinessDays(leaves, earliest + transit[0]), addBusinessDays(leaves, latest + transit[1])];
}

/**
 * A range as the page shows it. Node's ICU puts thin spaces around the dash where the browser's
 * puts plain ones: plain everywhere, so the text the server draws is the text the island wakes to.
 */
export function deliveryRangeText(format: Intl.DateTimeFormat, [first, last]: readonly [Date, Date]): string {
  return format.formatRange(first, last).replace(/\u2009/g, ' ');
}
