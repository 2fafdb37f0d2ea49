import { intlLocale, type Locale } from './locales';

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/** USD in the shopper's locale. */
export function formatMoney(locale: Locale, amount: number): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency: 'USD' });
    moneyFormats.set(locale, format);
  }
  return format.format(amount);
}

/**
 * The store's time zone (Salt Lake City): order dates, tracking times, the store's business day.
 * Pages that show dates say so (common.timeZone.note).
 */
export const STORE_TIME_ZONE = 'America/Denver';

export function formatDate(locale: Locale, date: Date, timeZone = STORE_TIME_ZONE): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium', timeZone }).format(date);
}

export function formatDateTime(locale: Locale, date: Date, timeZone = STORE_TIME_ZONE): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    date,
  );
}
