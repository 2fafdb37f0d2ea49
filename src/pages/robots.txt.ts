import type { APIRoute } from 'astro';
import { config } from '~/config';
import { robotsTxt } from '~/features/seo/public-pages';
import { siteUrl } from '~/lib/http/site-url';

export const prerender = false;

/** Per environment: only production is open to crawlers (see robotsTxt). */
export const GET: APIRoute = () =>
  new Response(robotsTxt(config.PUBLIC_APP_ENV, siteUrl()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
