import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { config } from '~/config';
import { COOKIES, siteCookieName } from './cookie-names';
import { siteCookie, type CookieOp } from './cookie-options';

/**
 * The guest's proof of owning a basket: a random secret in an httpOnly cookie, sent to the store
 * API as this header by the server only (page JavaScript never sees it, and a browser cannot
 * send the header through the proxy itself).
 */
export const BASKET_KEY_HEADER = 'x-basket-key';

export function newBasketKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString('base64url');
}

function signatureOf(key: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`basket-key:${key}`).digest();
}

/** The cookie's value: the key and this site's signature of it, so only keys it issued come back as keys. */
export function signBasketKey(key: string, secret: string = config.BASKET_KEY_SECRET): string {
  return `${key}.${signatureOf(key, secret).toString('base64url')}`;
}

/** The key a cookie value carries, when this site signed it; anything else (planted, unsigned, altered) is none. */
export function verifiedBasketKey(
  value: string | undefined,
  secret: string = config.BASKET_KEY_SECRET,
): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const key = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = signatureOf(key, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? key : undefined;
}

/** The visitor's basket key, if this site issued it, read under the name this scheme uses. */
export function basketKeyFrom(cookies: AstroCookies, secure: boolean): string | undefined {
  return verifiedBasketKey(cookies.get(siteCookieName(COOKIES.basketKey, secure))?.value);
}

export function basketKeyHeaders(key: string | undefined): Record<string, string> {
  return key ? { [BASKET_KEY_HEADER]: key } : {};
}

/** The guest's basket key, made when a guest record is first written, signed. */
export function basketKeyCookie(key: string, secure: boolean): CookieOp {
  return siteCookie(COOKIES.basketKey, signBasketKey(key), secure);
}
