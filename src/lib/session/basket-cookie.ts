import type { AstroCookies } from 'astro';
import { COOKIES } from '~/lib/session/cookie-names';
import { COOKIE_MAX_AGE } from '~/lib/session/cookie-options';

/**
 * The basket number cookie (BASKETN), written only here: by the server for the cart's links and
 * by the cart in the browser when an add starts a new basket. Page JavaScript writes it, so it is
 * not httpOnly; SameSite=Strict and Secure over https like every site cookie (the proxy's
 * siteCookieOptions gives the same, which a test holds).
 */
export function basketCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: false, sameSite: 'strict', secure, maxAge: COOKIE_MAX_AGE.default } as const;
}

/** Deleted with the SameSite it was set with, so the deletion is as strict as the cookie. */
const DELETE_OPTIONS = { path: '/', sameSite: 'strict' } as const;

export function rememberBasket(cookies: AstroCookies, basketNum: string, secure: boolean): void {
  cookies.set(COOKIES.basket, basketNum, basketCookieOptions(secure));
}

export function forgetBasket(cookies: AstroCookies): void {
  cookies.delete(COOKIES.basket, DELETE_OPTIONS);
}

export function rememberBasketInBrowser(basketNum: string): void {
  if (typeof document === 'undefined') return;
  const { path, maxAge } = basketCookieOptions(location.protocol === 'https:');
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIES.basket}=${encodeURIComponent(basketNum)}; Path=${path}; Max-Age=${maxAge}; SameSite=Strict${secure}`;
}

export function forgetBasketInBrowser(): void {
  if (typeof document !== 'undefined') document.cookie = `${COOKIES.basket}=; Path=/; Max-Age=0; SameSite=Strict`;
}
