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

export function formatDate(locale: Locale, date: Date, timeZone = 'America/Denver'): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium', timeZone }).format(date);
}

export function formatDateTime(locale: Locale, date: Date, timeZone = 'America/Denver'): string {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
