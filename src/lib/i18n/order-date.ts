import { STORE_TIME_ZONE } from './format';
import { intlLocale, type Locale } from './locales';

/**
 * Order dates of the invoice, the order history and the guest lookup (spec checkout §2, §3): the
 * API sends UTC instants; every page shows the calendar day in the store's time zone, so an order
 * placed in the evening in Utah carries the same date on all three.
 */

/**
 * Compact UTC timestamps (20261122143000, 20261122) or ISO text; anything else, including an
 * impossible day such as 20260230, is unreadable.
 */
export function parseOrderDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  const compact = /^(\d{4})(\d{2})(\d{2})(?:[T\s]?(\d{2})(\d{2})(\d{2})?)?$/.exec(text);
  if (compact) {
    const [, y, mo, d, h = '00', mi = '00', s = '00'] = compact;
    const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
    // Date rolls month 13 or February 30 over silently.
    return date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) ? date : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

const formats = new Map<Locale, Intl.DateTimeFormat>();

/** The order's day in the store's time zone, written out in the shopper's language. */
export function formatOrderDate(locale: Locale, value: string | number | null | undefined): string {
  const date = parseOrderDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: STORE_TIME_ZONE });
    formats.set(locale, format);
  }
  return format.format(date);
}
