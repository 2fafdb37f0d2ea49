import { config } from '~/config';

/**
 * The public origin every absolute URL of the site is built on (canonical, hreflang, sitemap,
 * robots, structured data). One place, so where the origin comes from can change in one line.
 */
export function siteUrl(): URL {
  // Read when the server started (SITE_URL), never the build machine's origin.
  return new URL('/', config.SITE_URL);
}
