import { COOKIES, ENGINE_MODEL_COOKIE } from './cookie-names';
import { deletedCookie, siteCookie, type CookieOp } from './cookie-options';
import { encodeClaims, type SessionClaims } from './claims';
import type { SignedIn } from '~/lib/store-api/session';
import { claimsFromUser } from './login-answer';
import { tokenCookies } from './tokens';

/** The readable session cookie: who is signed in, never a token; a guest's ends with the browser session. */
export function claimsCookie(claims: SessionClaims, secure: boolean): CookieOp {
  return siteCookie(COOKIES.claims, encodeClaims(claims), secure, claims.guest === true);
}

export function signInCookies(answer: SignedIn, secure: boolean): CookieOp[] {
  return [
    ...tokenCookies(answer, secure),
    claimsCookie(claimsFromUser(answer.user), secure),
    deletedCookie(COOKIES.guest, secure),
  ];
}

/** A guest record for the basket: guest authorization removes the user's tokens. */
export function guestCookies(basketNum: string, secure: boolean): CookieOp[] {
  return [
    deletedCookie(COOKIES.access, secure),
    deletedCookie(COOKIES.refresh, secure),
    siteCookie(COOKIES.guest, basketNum, secure),
    claimsCookie({ role: 'guest', guest: true }, secure),
    // A new guest record is a new checkout: the confirmation of an earlier one is not theirs to see.
    deletedCookie(COOKIES.orderRecord, secure),
  ];
}

export function clearedAuthCookies(secure: boolean): CookieOp[] {
  return [COOKIES.access, COOKIES.refresh, COOKIES.claims].map((name) => deletedCookie(name, secure));
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
    COOKIES.basketKey,
    COOKIES.orderRecord,
    COOKIES.targetPage,
    COOKIES.chatStarted,
  ];
  return [
    ...clearedAuthCookies(secure),
    ...names.map((name) => deletedCookie(name, secure)),
    // The storefront's engine model is this person's too; it has its bare name on every scheme.
    { name: ENGINE_MODEL_COOKIE, delete: true },
  ];
}

/**
 * Sent with the answer that ends a person's session: the browser forgets this site's session and
 * local storage too (the cart's and the forms' state), including in other tabs.
 */
export const CLEAR_SITE_DATA = { name: 'Clear-Site-Data', value: '"storage"' } as const;
