import countries from 'i18n-iso-countries/index.js';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import pt from 'i18n-iso-countries/langs/pt.json';
import type { SelectOption } from '~/components/ui/Field';
import { intlLocale, type Locale } from '~/lib/i18n/locales';
import { DEFAULT_COUNTRY, formatCountry } from './country-value';
import { serveCountryOptions } from './country-list';

// Only the site's four languages: the package's default entry would load every language it knows.
for (const data of [en, es, fr, pt]) countries.registerLocale(data);

const [DEFAULT_CODE, DEFAULT_NAME] = DEFAULT_COUNTRY.split('^') as [string, string];

/** English name of a two-letter code; the stored value 'CC^Country name' always uses it. */
export function englishCountryName(code: string): string | undefined {
  // The default value 'US^United States' must match its option exactly.
  if (code === DEFAULT_CODE) return DEFAULT_NAME;
  return countries.getName(code, 'en', { select: 'official' });
}

const cache = new Map<Locale, SelectOption[]>();

/**
 * Every country as a select option: value 'CC^English name', label in the page's language,
 * sorted for that language. Built on the server so the browser ships no country data, and
 * drawn once per page (country-list.ts).
 */
export function countryOptions(locale: Locale): SelectOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const english = countries.getNames('en', { select: 'official' });
  const local = countries.getNames(locale, { select: 'official' });
  const collator = new Intl.Collator(intlLocale[locale]);
  const options = Object.entries(english)
    .map(([code, name]) => ({
      value: formatCountry(code, englishCountryName(code) ?? name),
      label: local[code] ?? name,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
  cache.set(locale, options);
  return options;
}

// The form's island draws the list on the server from here, and reads it back from the page in the browser.
serveCountryOptions(countryOptions);
