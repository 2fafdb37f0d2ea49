import { describe, expect, it } from 'vitest';
import { createTranslate, LANGUAGE_ENTRY } from '~/lib/i18n/translate';
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
    expect(
      Object.keys(picked)
        .filter((key) => key !== LANGUAGE_ENTRY)
        .every((key) => key.startsWith('header.')),
    ).toBe(true);
    expect(picked[LANGUAGE_ENTRY]).toBe('pt-BR');
  });
});

describe('plurals', () => {
  it("choose the form by the language's own rules, =N before the category, # as the count", () => {
    const phrase = { 'a.left': '{count, plural, =0 {none} one {# part} other {# parts}} in {place}' };
    const english = createTranslate<string>(phrase, {}, 'en-US');
    expect(english('a.left', { count: 0, place: 'stock' })).toBe('none in stock');
    expect(english('a.left', { count: 1, place: 'stock' })).toBe('1 part in stock');
    expect(english('a.left', { count: 12, place: 'stock' })).toBe('12 parts in stock');
    // French says 0 and 1 in the singular where English says "0 parts".
    const bare = { 'a.n': '{count, plural, one {# pièce} other {# pièces}}' };
    expect(createTranslate<string>(bare, {}, 'fr-FR')('a.n', { count: 0 })).toBe('0 pièce');
    expect(createTranslate<string>(bare, {}, 'en-US')('a.n', { count: 0 })).toBe('0 pièces');
  });
  it('read the language from a picked dictionary, and a placeholder inside an option is filled', () => {
    const t = createTranslate<string>({
      [LANGUAGE_ENTRY]: 'fr-FR',
      'a.n': '{count, plural, one {# commande sur {range}} other {# commandes sur {range}}}',
    });
    expect(t('a.n', { count: 1, range: 'ce mois' })).toBe('1 commande sur ce mois');
    expect(t('a.n', { count: 3, range: 'ce mois' })).toBe('3 commandes sur ce mois');
  });
  it('leave a malformed or unparameterised plural as written', () => {
    const t = createTranslate<string>({
      'a.bad': '{count, plural, one {x} other {y}',
      'a.n': '{n, plural, other {#}}',
    });
    expect(t('a.bad', { count: 1 })).toBe('{count, plural, one {x} other {y}');
    expect(t('a.n', { other: 1 })).toBe('{n, plural, other {#}}');
  });
  it.each([
    ['en', 1, 'Only 1 available.'],
    ['en', 0, 'None available.'],
    ['es', 1, 'Solo queda 1 disponible.'],
    ['es', 4, 'Solo quedan 4 disponibles.'],
    ['fr', 1, 'Seulement 1 disponible.'],
    ['fr', 3, 'Seulement 3 disponibles.'],
    ['pt', 1, 'Apenas 1 disponível.'],
    ['pt', 2, 'Apenas 2 disponíveis.'],
  ] as const)("say the cart's stock line in %s for %i as a person would", (locale, count, text) => {
    expect(translator(locale)('cart.available', { count })).toBe(text);
    expect(createTranslate(pickMessages(locale, ['cart']))('cart.available', { count })).toBe(text);
  });
  it('every phrase with a plural form is well formed in every language', () => {
    for (const locale of ['en', 'es', 'fr', 'pt'] as const) {
      const t = translator(locale);
      for (const key of ['cart.available', 'orders.placedIn', 'orders.backordered', 'orders.unavailable'] as const)
        for (const count of [0, 1, 2])
          expect(t(key, { count, range: 'R' }), `${locale} ${key}`).not.toMatch(/plural|[{}#]/);
      for (const count of [0, 1, 2])
        expect(t('bulk.progress', { done: count, total: count, found: count, notFound: count })).not.toMatch(
          /plural|[{}#]/,
        );
    }
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
