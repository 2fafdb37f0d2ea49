import { describe, expect, it } from 'vitest';
import { createTranslate } from '~/lib/i18n/translate';
import { pickMessages, translator } from '~/lib/i18n/messages';
import { formatDate } from '~/lib/i18n/format';
import { localeOfPath, localizedPath, pathWithoutLocale } from '~/lib/i18n/locales';

describe('t()', () => {
  it('uses the locale, then English, then the key', () => {
    const t = createTranslate<string>({ 'a.one': 'uno' }, { 'a.one': 'one', 'a.two': 'two' });
    expect(t('a.one')).toBe('uno');
    expect(t('a.two')).toBe('two');
    expect(t('a.three')).toBe('a.three');
  });
  it('fills named parameters and leaves unknown ones visible', () => {
    const t = createTranslate<string>({ 'a.b': '{count} of {total} ({x})' });
    expect(t('a.b', { count: 3, total: 7 })).toBe('3 of 7 ({x})');
  });
  it('translates real phrases per locale', () => {
    expect(translator('es')('header.cart')).toBe('Carrito');
    expect(translator('fr')('notFound.text')).toBe("Cette page n'existe pas.");
  });
  it('picks only the requested domains for an island', () => {
    const picked = pickMessages('pt', ['header']);
    expect(picked['header.cart']).toBe('Carrinho');
    expect(Object.keys(picked).every((key) => key.startsWith('header.'))).toBe(true);
  });
});

describe('formatting', () => {
  it('formats dates per locale in Mountain time', () => {
    const date = new Date('2026-03-05T18:00:00Z');
    expect(formatDate('en', date)).toBe('Mar 5, 2026');
    expect(formatDate('fr', date)).toMatch(/5 mars 2026/);
    expect(formatDate('es', date)).toMatch(/5 mar 2026/);
    expect(formatDate('pt', date)).toMatch(/5 de mar\.? de 2026/);
  });
});

describe('localized paths', () => {
  it('reads and moves locale prefixes', () => {
    expect(localeOfPath('/fr/return-policy/')).toBe('fr');
    expect(localeOfPath('/return-policy/')).toBe('en');
    expect(localeOfPath('/frx/')).toBe('en');
    expect(pathWithoutLocale('/es/')).toBe('/');
    expect(localizedPath('/es/login/', 'pt')).toBe('/pt/login/');
    expect(localizedPath('/es/login/', 'en')).toBe('/login/');
  });

  it('never turns a prefixed path into one a browser reads as another site', () => {
    for (const path of ['/es//evil.example/', '/fr/\\evil.example/', '/pt///\\evil.example']) {
      expect(pathWithoutLocale(path)).toMatch(/^\/[^/\\]/);
      expect(localizedPath(path, 'en')).toMatch(/^\/[^/\\]/);
      expect(localizedPath(path, 'fr')).toMatch(/^\/fr\/[^/\\]/);
    }
  });
});
