import { describe, expect, it } from 'vitest';
import { pageLinks } from '~/features/seo/page-links';

const SITE = new URL('https://parts.example.com/');

describe('canonical and hreflang links', () => {
  it('name the page by its path on the public origin, in every language and x-default', () => {
    const links = pageLinks(new URL('http://127.0.0.1:4321/fr/return-policy/'), 200, SITE);
    expect(links?.canonical).toBe('https://parts.example.com/fr/return-policy/');
    expect(links?.alternates).toContainEqual({
      hreflang: 'es-ES',
      href: 'https://parts.example.com/es/return-policy/',
    });
    expect(links?.alternates).toContainEqual({
      hreflang: 'x-default',
      href: 'https://parts.example.com/return-policy/',
    });
  });

  it('never carry a query: a tracking number or rating link is not the page', () => {
    const links = pageLinks(new URL('http://127.0.0.1:4321/public/tracking/?trackingNumber=EZ1000000001'), 200, SITE);
    expect(links?.canonical).toBe('https://parts.example.com/public/tracking/');
    for (const { href } of links?.alternates ?? []) expect(href).not.toContain('?');
  });

  it('are left out of a page that answers an error, such as a 404', () => {
    for (const status of [404, 429, 500, 503])
      expect(pageLinks(new URL('http://127.0.0.1:4321/no-such-page/'), status, SITE), String(status)).toBeNull();
  });
});
