import type { AstroCookies } from 'astro';
import { COOKIES } from './cookie-names';
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

export function basketKeyFrom(cookies: AstroCookies): string | undefined {
  return cookies.get(COOKIES.basketKey)?.value || undefined;
}

export function basketKeyHeaders(key: string | undefined): Record<string, string> {
  return key ? { [BASKET_KEY_HEADER]: key } : {};
}

/** The guest's basket key, made when a guest record is first written. */
export function basketKeyCookie(key: string, secure: boolean): CookieOp {
  return siteCookie(COOKIES.basketKey, key, secure);
}
