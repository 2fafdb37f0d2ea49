import { intlLocale, type Locale } from './locales';

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
