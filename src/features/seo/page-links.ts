import { LOCALES, intlLocale, localizedPath } from '~/lib/i18n/locales';

export interface PageLinks {
  canonical: string;
  /** hreflang and href of each language's page, and x-default. */
  alternates: ReadonlyArray<{ hreflang: string; href: string }>;
}

/**
 * A page's canonical and hreflang links on the public origin: its path, never its query (a
 * tracking number, a rating link or a return target is someone's, not the page's). A page that
 * answers an error (404, 429, 503) names none: it is no page to index, and its status says so.
 */
export function pageLinks(address: URL, status: number, site: URL): PageLinks | null {
  if (status >= 400) return null;
  const { pathname } = address;
  const href = (path: string) => new URL(path, site).href;
  return {
    canonical: href(pathname),
    alternates: [
      ...LOCALES.map((locale) => ({ hreflang: intlLocale[locale], href: href(localizedPath(pathname, locale)) })),
      { hreflang: 'x-default', href: href(localizedPath(pathname, 'en')) },
    ],
  };
}
