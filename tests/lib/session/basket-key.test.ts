import { describe, expect, it } from 'vitest';
import { basketKeyCookie, newBasketKey, signBasketKey, verifiedBasketKey } from '~/lib/session/basket-key';
import { GUEST_DETAILS_SECONDS } from '~/lib/session/cookie-options';

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

  it("opens a guest's details for a few hours at most, even in a browser that restored its session", () => {
    const key = newBasketKey();
    const issued = Date.parse('2026-01-01T10:00:00Z');
    const signed = signBasketKey(key, SECRET, issued);
    expect(GUEST_DETAILS_SECONDS).toBeLessThanOrEqual(4 * 3600);
    expect(verifiedBasketKey(signed, SECRET, issued + GUEST_DETAILS_SECONDS * 1000)).toBe(key);
    expect(verifiedBasketKey(signed, SECRET, issued + GUEST_DETAILS_SECONDS * 1000 + 1000)).toBeUndefined();
    // A time of issue moved later is another signature.
    const [, , signature] = signed.split('.');
    const later = Math.floor((issued + 3600_000) / 1000).toString(36);
    expect(
      verifiedBasketKey(`${key}.${later}.${signature}`, SECRET, issued + GUEST_DETAILS_SECONDS * 1000 + 1000),
    ).toBeUndefined();
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
