import { describe, expect, it } from 'vitest';
import { SITEMAP_PAGES, alternatesOf, publicNotFoundPath, robotsTxt, sitemapXml } from '~/features/seo/public-pages';

const origin = new URL('https://parts.example.com/');

describe('sitemap', () => {
  it('lists every public page in every language, each naming all its language versions', () => {
    const xml = sitemapXml(origin);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(SITEMAP_PAGES.length * 4);
    expect(locs).toContain('https://parts.example.com/');
    expect(locs).toContain('https://parts.example.com/pt/return-policy/');
    expect(locs).toContain('https://parts.example.com/es/bulk-add-items/');
    const firstEntry = xml.split('</url>')[0] ?? '';
    expect(firstEntry.match(/<xhtml:link /g)).toHaveLength(5);
    expect(firstEntry).toContain('hreflang="x-default" href="https://parts.example.com/"');
  });

  it('keeps guarded and personal pages out', () => {
    const xml = sitemapXml(origin);
    for (const path of [
      '/login/',
      '/account-settings/',
      '/review-order/',
      '/public/tracking/',
      '/public/rate-merchant/',
      '/dev/',
    ]) {
      expect(xml).not.toContain(path);
    }
  });

  it('escapes what XML would read as markup', () => {
    expect(sitemapXml(origin, ['/a&b/'])).toContain('<loc>https://parts.example.com/a&amp;b/</loc>');
  });

  it('builds alternates on the given origin', () => {
    expect(alternatesOf('/return-policy/', new URL('http://127.0.0.1:4000/'))).toEqual([
      { hreflang: 'en-US', href: 'http://127.0.0.1:4000/return-policy/' },
      { hreflang: 'es-ES', href: 'http://127.0.0.1:4000/es/return-policy/' },
      { hreflang: 'fr-FR', href: 'http://127.0.0.1:4000/fr/return-policy/' },
      { hreflang: 'pt-BR', href: 'http://127.0.0.1:4000/pt/return-policy/' },
      { hreflang: 'x-default', href: 'http://127.0.0.1:4000/return-policy/' },
    ]);
  });
});

describe('robots.txt', () => {
  it.each(['development', 'staging', 'e2e'] as const)('%s keeps every crawler out', (env) => {
    expect(robotsTxt(env, origin)).toBe('User-agent: *\nDisallow: /\n');
  });

  it('production names the sitemap and no internal path', () => {
    const text = robotsTxt('production', origin);
    expect(text).toContain('Sitemap: https://parts.example.com/sitemap.xml');
    expect(text).not.toMatch(/Disallow: \/\w/);
    expect(text).not.toContain('/dev/');
    expect(text).not.toContain('/api/');
  });
});

describe('a bad public path', () => {
  it('goes to the public 404 page of its language, carrying the path asked for', () => {
    expect(publicNotFoundPath('/public/nope/xyz', 'en')).toBe('/public/404/?path=%2Fpublic%2Fnope%2Fxyz');
    expect(publicNotFoundPath('/es/public/x/?a=1&b=2', 'es')).toBe(
      '/es/public/404/?path=%2Fes%2Fpublic%2Fx%2F%3Fa%3D1%26b%3D2',
    );
  });
});
