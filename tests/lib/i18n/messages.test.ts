import { describe, expect, it } from 'vitest';
import { messagesFor, pickMessages } from '~/lib/i18n/messages';

describe('messagesFor', () => {
  it("gives an island its own domains in the page's locale, the same frozen record every render", () => {
    const island = { messageDomains: ['cart', 'common'] as const };
    const spanish = messagesFor(island, 'es');
    expect(spanish).toEqual(pickMessages('es', ['cart', 'common']));
    expect(Object.isFrozen(spanish)).toBe(true);
    expect(messagesFor(island, 'es')).toBe(spanish);
    expect(messagesFor(island, 'en')).not.toBe(spanish);
    expect(messagesFor(island, 'en')['cart.title']).toBe(pickMessages('en', ['cart'])['cart.title']);
    expect(Object.keys(spanish).every((key) => key.startsWith('cart.') || key.startsWith('common.'))).toBe(true);
  });
});
