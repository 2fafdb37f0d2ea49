import { browser } from '~/lib/browser';
import type { AstroCookies } from 'astro';
import { COOKIES, siteCookieName } from '~/lib/session/cookie-names';
import { COOKIE_MAX_AGE, siteCookieOptions } from '~/lib/session/cookie-options';

/**
 * The basket number cookie (BASKETN, `__Host-BASKETN` over https), written only here: by the server
 * for the cart's links and by the cart in the browser when an add starts a new basket. Page
 * JavaScript writes it, so it is not httpOnly; otherwise it is set as every site cookie is.
 */
export function rememberBasket(cookies: AstroCookies, basketNum: string, secure: boolean): void {
  cookies.set(siteCookieName(COOKIES.basket, secure), basketNum, siteCookieOptions(COOKIES.basket, secure));
}

export function forgetBasket(cookies: AstroCookies, secure: boolean): void {
  // A browser drops a `__Host-` cookie, its deletion included, unless it is Secure.
  cookies.delete(siteCookieName(COOKIES.basket, secure), { path: '/', sameSite: 'strict', secure });
}

/** The cookie as page JavaScript writes it: the same name, path, SameSite and Secure as the server's. */
export function basketCookieString(basketNum: string, secure: boolean): string {
  const maxAge = basketNum ? COOKIE_MAX_AGE.basket : 0;
  const name = siteCookieName(COOKIES.basket, secure);
  return `${name}=${encodeURIComponent(basketNum)}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function rememberBasketInBrowser(basketNum: string): void {
  browser().writeCookie(basketCookieString(basketNum, browser().location().protocol === 'https:'));
}

export function forgetBasketInBrowser(): void {
  browser().writeCookie(basketCookieString('', browser().location().protocol === 'https:'));
}
