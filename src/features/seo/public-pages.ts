import { LOCALES, intlLocale, localizedPath, type Locale } from '~/lib/i18n/locales';

/**
 * The pages a search engine may list: public, the same for every visitor, answering 200 without
 * a query. Everything else (account, checkout, personal links) is either guarded or noindex.
 */
export const SITEMAP_PAGES: readonly string[] = ['/', '/bulk-add-items/', '/return-policy/'];

/**
 * Checkout spec §2: a bad /public/ path is kept and the visitor redirected to /public/404, which
 * shows it; the path rides in the query, so the redirect keeps nothing on the server.
 */
export function publicNotFoundPath(attempted: string, locale: Locale): string {
  return `${localizedPath('/public/404/', locale)}?${new URLSearchParams({ path: attempted }).toString()}`;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** The same page in every language, plus x-default (English), as absolute URLs. */
export function alternatesOf(path: string, origin: URL): Alternate[] {
  const href = (locale: Locale) => new URL(localizedPath(path, locale), origin).href;
  return [
    ...LOCALES.map((locale) => ({ hreflang: intlLocale[locale], href: href(locale) })),
    { hreflang: 'x-default', href: href('en') },
  ];
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** sitemap.xml: one <url> per page and language, each naming all its language versions. */
export function sitemapXml(origin: URL, pages: readonly string[] = SITEMAP_PAGES): string {
  const entries = pages.flatMap((page) => {
    const links = alternatesOf(page, origin)
      .map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${xml(alternate.hreflang)}" href="${xml(alternate.href)}"/>`,
      )
      .join('\n');
    return LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${xml(new URL(localizedPath(page, locale), origin).href)}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export type AppEnv = 'development' | 'staging' | 'e2e' | 'production';

/**
 * robots.txt: only production invites crawlers, and names the sitemap rather than internal paths
 * (a Disallow line would only advertise them; they are guarded or noindex on their own).
 */
export function robotsTxt(env: AppEnv, origin: URL): string {
  if (env !== 'production') return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}
