import { describe, expect, it } from 'vitest';
import { localSiteSettings } from '../../scripts/local-site.mjs';

describe('localSiteSettings (npm start)', () => {
  it('lets the wallet return to the default address under both local names', () => {
    const { env, siteUrl } = localSiteSettings({});
    expect(siteUrl).toBe('http://127.0.0.1:4321/');
    expect(env.SITE_ORIGINS.split(',')).toEqual(['http://127.0.0.1:4321', 'http://localhost:4321']);
    expect(env.STORE_API_URL).toBe('http://127.0.0.1:4010/');
  });

  it('follows any PORT and a public SITE_URL', () => {
    expect(localSiteSettings({ PORT: '8080' }).env.SITE_ORIGINS).toBe('http://127.0.0.1:8080,http://localhost:8080');
    const behindProxy = localSiteSettings({ PORT: '8080', SITE_URL: 'https://shop.example/' });
    expect(behindProxy.env.SITE_ORIGINS.split(',')).toEqual([
      'https://shop.example',
      'http://127.0.0.1:8080',
      'http://localhost:8080',
    ]);
    expect(localSiteSettings({ HOST: '0.0.0.0' }).siteUrl).toBe('http://127.0.0.1:4321/');
  });
});
