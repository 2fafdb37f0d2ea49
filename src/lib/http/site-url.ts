/**
 * The public origin every absolute URL of the site is built on (canonical, hreflang, sitemap,
 * robots, structured data). One place, so where the origin comes from can change in one line.
 */
export function siteUrl(context: { site?: URL | undefined; url: URL }): URL {
  return new URL('/', context.site ?? context.url);
}
