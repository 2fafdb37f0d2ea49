import { intlLocale, type Locale } from './locales';

/**
 * How an address reads in the shopper's language (spec checkout §3: country stored as
 * 'CC^Country name', shown without the prefix). Country names come from the browser's and
 * Node's own Intl data, so no country list ships with the page.
 */

/** Splits a stored country: 'DE^Germany', a bare code 'de', or a name alone ('Germany'). */
export function parseStoredCountry(value: string): { code: string | null; name: string } {
  const text = value.trim();
  const separator = text.indexOf('^');
  const head = (separator < 0 ? text : text.slice(0, separator)).trim();
  const name = separator < 0 ? text : text.slice(separator + 1).trim();
  const code = /^[A-Za-z]{2}$/.test(head) ? head.toUpperCase() : null;
  return { code, name: separator < 0 && code ? '' : name };
}

const regionNames = new Map<Locale, Intl.DisplayNames>();

function regionName(code: string, locale: Locale): string | undefined {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale[locale]], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

/**
 * The country in the shopper's language: 'DE^Germany' and 'DE' read "Alemania" in Spanish. A code
 * Intl does not know falls back to the stored name, then to the code; a bare name stays as it is.
 */
export function countryDisplayName(value: string, locale: Locale): string {
  const { code, name } = parseStoredCountry(value);
  if (!code) return name;
  return regionName(code, locale) ?? (name || code);
}

/** Countries of the North American numbering plan whose numbers read "(801) 555-0142". */
const NANP_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM']);

/** Ten digits with an area code and exchange that may not start with 0 or 1. */
const NANP_NUMBER = /^([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

/**
 * A phone number for display. Numbers of a North American address (10 digits, or 11 with the
 * leading 1, with any punctuation) read "(801) 555-0142"; a number that carries another country
 * code, an extension or letters, or belongs to another country, is shown as entered, with runs of
 * spaces collapsed: without each country's numbering plan the page cannot group it correctly.
 */
export function formatPhone(phone: string, countryValue = ''): string {
  const text = phone.trim().replace(/\s+/g, ' ');
  // An address without a country is in the store's default country, the US.
  const code = countryValue.trim() === '' ? 'US' : parseStoredCountry(countryValue).code;
  if (!text || !code || !NANP_COUNTRIES.has(code)) return text;
  if (!/^\+?[\d\s().\-/]+$/.test(text)) return text;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (text.startsWith('+')) return text;
  const match = NANP_NUMBER.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : text;
}
