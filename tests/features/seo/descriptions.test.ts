import { describe, expect, it } from 'vitest';
import { GENERIC_DESCRIPTION, descriptionKey } from '~/features/seo/descriptions';
import { SITEMAP_PAGES } from '~/features/seo/public-pages';
import { LOCALES } from '~/lib/i18n/locales';
import { dictionaries } from '~/lib/i18n/messages';

describe('meta descriptions', () => {
  it('gives every indexable page its own description, in every language', () => {
    const keys = SITEMAP_PAGES.map((page) => descriptionKey(page, 200));
    expect(new Set(keys).size).toBe(SITEMAP_PAGES.length);
    for (const locale of LOCALES) {
      const texts = keys.map((key) => dictionaries[locale][key]);
      expect(texts.every(Boolean), locale).toBe(true);
      expect(new Set(texts).size, locale).toBe(keys.length);
    }
    for (const key of keys)
      expect(new Set(LOCALES.map((locale) => dictionaries[locale][key])).size, key).toBe(LOCALES.length);
  });

  it('describes a miss or a failure, not the page that was asked for', () => {
    expect(descriptionKey('/return-policy/', 404)).toBe('seo.description.notFound');
    expect(descriptionKey('/public/tracking/', 503)).toBe('seo.description.serverError');
    expect(descriptionKey('/dev/', 200)).toBe(GENERIC_DESCRIPTION);
  });
});
