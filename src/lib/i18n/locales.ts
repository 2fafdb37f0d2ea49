import { isOneOf } from '../is-one-of.ts';

export const LOCALES = ['en', 'es', 'fr', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tags used for Intl formatting and hreflang. */
export const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR' };

export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français', pt: 'Português' };

export function isLocale(value: unknown): value is Locale {
  return isOneOf(LOCALES, value);
}

/** The locale a path is rendered in: its first segment when that is a non-default locale. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/**
 * The language an unprefixed page sends the visitor to, from the LANG cookie's value; null when
 * the page is answered where it was asked.
 */
export function langCookieRedirect(pathname: string, stored: string | undefined): Locale | null {
  return localeOfPath(pathname) === DEFAULT_LOCALE && isLocale(stored) && stored !== DEFAULT_LOCALE ? stored : null;
}

/**
 * The path without its locale prefix, always starting with a single slash. "/es//evil.example/"
 * must not become "//evil.example/", which a browser reads as another site.
 */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return `/${pathname.slice(locale.length + 1).replace(/^[/\\]+/, '')}`;
}

/** The same page in another locale: English unprefixed, others under /xx/. */
export function localizedPath(pathname: string, locale: Locale): string {
  const base = pathWithoutLocale(pathname);
  return locale === DEFAULT_LOCALE ? base : `/${locale}${base}`;
}
