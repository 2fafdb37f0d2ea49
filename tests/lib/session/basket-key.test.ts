import { describe, expect, it } from 'vitest';
import { basketKeyCookie, newBasketKey, signBasketKey, verifiedBasketKey } from '~/lib/session/basket-key';

const SECRET = 'a-basket-key-secret-of-40-characters-xyz';

describe('the basket key cookie', () => {
  it('carries a key this site signed, and gives it back', () => {
    const key = newBasketKey();
    expect(verifiedBasketKey(signBasketKey(key, SECRET), SECRET)).toBe(key);
  });

  it('honours no key it did not sign: bare, altered, signed with another secret, or empty', () => {
    const key = newBasketKey();
    const signed = signBasketKey(key, SECRET);
    expect(verifiedBasketKey(key, SECRET)).toBeUndefined();
    expect(verifiedBasketKey(`${key}x${signed.slice(key.length)}`, SECRET)).toBeUndefined();
    expect(verifiedBasketKey(`${signed.slice(0, -2)}AA`, SECRET)).toBeUndefined();
    expect(verifiedBasketKey(signBasketKey(key, `${SECRET}-other`), SECRET)).toBeUndefined();
    expect(verifiedBasketKey(`.${signed.split('.')[1]}`, SECRET)).toBeUndefined();
    expect(verifiedBasketKey('', SECRET)).toBeUndefined();
    expect(verifiedBasketKey(undefined, SECRET)).toBeUndefined();
  });

  it('is __Host- over https: Secure, Path=/, no Domain, httpOnly', () => {
    const cookie = basketKeyCookie(newBasketKey(), true);
    expect(cookie).toMatchObject({
      name: '__Host-ps_basket_key',
      options: { secure: true, path: '/', httpOnly: true },
    });
    expect('options' in cookie && 'domain' in cookie.options).toBe(false);
    expect(basketKeyCookie(newBasketKey(), false)).toMatchObject({ name: 'ps_basket_key', options: { secure: false } });
  });
});
