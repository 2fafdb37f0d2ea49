import { describe, expect, it } from 'vitest';
import { messagesFor, pickMessages } from '~/lib/i18n/messages';
import { LANGUAGE_ENTRY } from '~/lib/i18n/translate';

describe('messagesFor', () => {
  it("gives an island its own domains in the page's locale, the same frozen record every render", () => {
    const island = { messageDomains: ['cart', 'common'] as const };
    const spanish = messagesFor(island, 'es');
    expect(spanish).toEqual(pickMessages('es', ['cart', 'common']));
    expect(Object.isFrozen(spanish)).toBe(true);
    expect(messagesFor(island, 'es')).toBe(spanish);
    expect(messagesFor(island, 'en')).not.toBe(spanish);
    expect(messagesFor(island, 'en')['cart.title']).toBe(pickMessages('en', ['cart'])['cart.title']);
    // The record names its language, whose plural rules its counted phrases follow.
    expect(spanish[LANGUAGE_ENTRY]).toBe('es-ES');
    const phrases = Object.keys(spanish).filter((key) => key !== LANGUAGE_ENTRY);
    expect(phrases.every((key) => key.startsWith('cart.') || key.startsWith('common.'))).toBe(true);
  });
});
