import type { APIRoute } from 'astro';
import { sitemapXml } from '~/features/seo/public-pages';
import { siteUrl } from '~/lib/http/site-url';

export const prerender = false;

/** The indexable pages in every language, each with its hreflang alternates. */
export const GET: APIRoute = () =>
  new Response(sitemapXml(siteUrl()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
