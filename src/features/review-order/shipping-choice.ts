import type { AstroCookies } from 'astro';
import { browser } from '~/lib/browser';
import { COOKIES, siteCookieName } from '~/lib/session/cookie-names';

/**
 * Which basket's shipping option the shopper chose on review, kept for the browser session: review
 * opens with free no-rush where it is offered unless the shopper chose for this basket. It names a
 * basket and authorizes nothing, so page JavaScript writes it; a planted one can only keep the
 * store's own selection.
 */
export function rememberShippingChoice(basketNum: string): void {
  const secure = browser().location().protocol === 'https:';
  const name = siteCookieName(COOKIES.shippingChosen, secure);
  browser().writeCookie(`${name}=${encodeURIComponent(basketNum)}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`);
}

export function shopperChoseShipping(cookies: AstroCookies, basketNum: string, secure: boolean): boolean {
  return cookies.get(siteCookieName(COOKIES.shippingChosen, secure))?.value === basketNum;
}
