import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, intlLocale, isLocale, type Locale } from './locales';
import { LANGUAGE_ENTRY, createTranslate, type MessagePrefix, type Messages, type Translate } from './translate';

/** Flat dotted keys ("cart.empty") mapping to non-empty text. */
export const messageFileSchema = z.record(
  z.string().regex(/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_-]+)+$/),
  z.string().min(1),
);

// Each domain keeps its phrases in locales/<locale>/<domain>.json; they are merged here.
const files = import.meta.glob<Record<string, string>>('/locales/*/*.json', { eager: true, import: 'default' });

function load(): Record<Locale, Messages> {
  const result = Object.fromEntries(LOCALES.map((locale): [Locale, Record<string, string>] => [locale, {}])) as Record<
    Locale,
    Record<string, string>
  >;
  for (const [path, content] of Object.entries(files)) {
    const locale = path.split('/').at(-2);
    if (!isLocale(locale)) continue;
    Object.assign(result[locale], messageFileSchema.parse(content));
  }
  return result;
}

export const dictionaries: Record<Locale, Messages> = load();

export function translator(locale: Locale): Translate {
  return createTranslate(dictionaries[locale], dictionaries[DEFAULT_LOCALE], intlLocale[locale]);
}

const picks = new Map<string, Messages>();

/**
 * The phrases an island needs, English filling any gap, so a page ships only its own
 * locale's strings for its own domains, and the name of their language. Dictionaries never change while the server runs, so each
 * (locale, domains) pick is made once and shared (frozen) by every later render.
 */
export function pickMessages(locale: Locale, prefixes: readonly MessagePrefix[]): Messages {
  const cacheKey = `${locale}:${prefixes.join(',')}`;
  const cached = picks.get(cacheKey);
  if (cached) return cached;
  const english = dictionaries[DEFAULT_LOCALE];
  const own = dictionaries[locale];
  // The phrases' language travels with them: their plural forms follow its rules.
  const picked: Record<string, string> = { [LANGUAGE_ENTRY]: intlLocale[locale] };
  for (const key of Object.keys(english)) {
    if (prefixes.some((prefix) => key.startsWith(`${prefix}.`))) picked[key] = own[key] ?? english[key] ?? key;
  }
  const frozen = Object.freeze(picked);
  picks.set(cacheKey, frozen);
  return frozen;
}

/** An island that declares the message domains (or parts of one) it translates. */
export interface TranslatingIsland {
  readonly messageDomains: readonly MessagePrefix[];
}

// Each island's domain list is one array for the life of the server: its picks are found by that
// array and the locale, without building the text key pickMessages uses, on every render.
const picksByDomains = new WeakMap<readonly MessagePrefix[], Map<Locale, Messages>>();

/** The phrases an island declares it needs, in the page's locale: pages never choose them. */
export function messagesFor(island: TranslatingIsland, locale: Locale): Messages {
  let byLocale = picksByDomains.get(island.messageDomains);
  if (!byLocale) picksByDomains.set(island.messageDomains, (byLocale = new Map<Locale, Messages>()));
  let picked = byLocale.get(locale);
  if (!picked) byLocale.set(locale, (picked = pickMessages(locale, island.messageDomains)));
  return picked;
}
