import { ALL_BASKET_KEY_COOKIE_NAMES, COOKIES, tokenCookieNames } from './cookie-names';
import { siteCookie, type CookieOp } from './cookie-options';
import { encodeClaims, type SessionClaims } from './claims';
import { claimsFromUser, type LoginAnswer } from './login-answer';
import { tokenCookies } from './tokens';

/** The readable session cookie: who is signed in, never a token. */
export function claimsCookie(claims: SessionClaims, secure: boolean): CookieOp {
  return siteCookie(COOKIES.claims, encodeClaims(claims), secure);
}

export function signInCookies(answer: LoginAnswer, secure: boolean): CookieOp[] {
  return [
    ...tokenCookies(answer, secure),
    claimsCookie(claimsFromUser(answer.user), secure),
    { name: COOKIES.guest, delete: true },
  ];
}

/** A guest record for the basket: guest authorization removes the user's tokens. */
export function guestCookies(basketNum: string, secure: boolean): CookieOp[] {
  const names = tokenCookieNames(secure);
  return [
    { name: names.access, delete: true },
    { name: names.refresh, delete: true },
    siteCookie(COOKIES.guest, basketNum, secure),
    claimsCookie({ role: 'guest', guest: true }, secure),
  ];
}

export function clearedAuthCookies(secure: boolean): CookieOp[] {
  const names = tokenCookieNames(secure);
  return [names.access, names.refresh, COOKIES.claims].map((name) => ({ name, delete: true as const }));
}

/**
 * A chosen logout and Guest/Exit end everything of that person on this machine (shopping §4): on
 * a shared computer the next person starts with an empty cart, and neither the guest record nor
 * the basket key is left to pre-fill the customer form with this one's name and address. A forced
 * logout (failed refresh) keeps the basket.
 */
export function loggedOutCookies(secure: boolean): CookieOp[] {
  const names = [
    COOKIES.guest,
    COOKIES.basket,
    ...ALL_BASKET_KEY_COOKIE_NAMES,
    COOKIES.targetPage,
    COOKIES.engineModel,
    COOKIES.chatStarted,
  ];
  return [...clearedAuthCookies(secure), ...names.map((name) => ({ name, delete: true as const }))];
}

/**
 * Sent with the answer that ends a person's session: the browser forgets this site's session and
 * local storage too (the cart's and the forms' state), including in other tabs.
 */
export const CLEAR_SITE_DATA = { name: 'Clear-Site-Data', value: '"storage"' } as const;
