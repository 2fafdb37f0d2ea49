import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { config } from '~/config';
import { COOKIES, siteCookieName } from './cookie-names';
import { GUEST_DETAILS_SECONDS, siteCookie, type CookieOp } from './cookie-options';

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

/**
 * This site's signature of a value for one purpose: the basket key's cookie, and the other
 * httpOnly records the server signs with the same secret (order-record.ts). The purpose is signed
 * with it, so no record passes for another.
 */
export function siteSignature(purpose: string, value: string, secret: string = config.BASKET_KEY_SECRET): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest();
}

/** Whether a signature given in base64url is this site's for the value, compared in constant time. */
export function isSiteSignature(purpose: string, value: string, given: string, secret: string): boolean {
  const bytes = Buffer.from(given, 'base64url');
  const expected = siteSignature(purpose, value, secret);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

function signatureOf(key: string, issued: string, secret: string): Buffer {
  return siteSignature('basket-key', `${key}:${issued}`, secret);
}

/**
 * The cookie's value: the key, when it was issued (seconds, base 36) and this site's signature of
 * both, so only keys it issued come back as keys, and only for a guest's hours.
 */
export function signBasketKey(key: string, secret: string = config.BASKET_KEY_SECRET, now = Date.now()): string {
  const issued = Math.floor(now / 1000).toString(36);
  return `${key}.${issued}.${signatureOf(key, issued, secret).toString('base64url')}`;
}

/**
 * The key a cookie value carries, when this site signed it at most GUEST_DETAILS_SECONDS ago;
 * anything else (planted, unsigned, altered, or older: a browser that restored its session) is none.
 */
export function verifiedBasketKey(
  value: string | undefined,
  secret: string = config.BASKET_KEY_SECRET,
  now = Date.now(),
): string | undefined {
  const [key, issued, signature, ...rest] = (value ?? '').split('.');
  if (!key || !issued || !signature || rest.length > 0) return undefined;
  if (!isSiteSignature('basket-key', `${key}:${issued}`, signature, secret)) return undefined;
  const age = now / 1000 - parseInt(issued, 36);
  return age >= -60 && age <= GUEST_DETAILS_SECONDS ? key : undefined;
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
