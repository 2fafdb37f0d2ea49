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

/** Ends the guest session: the guest record and the claims that say "guest". */
export function guestEndedCookies(): CookieOp[] {
  return [
    { name: COOKIES.guest, delete: true },
    { name: COOKIES.claims, delete: true },
  ];
}

/**
 * A chosen logout ends the session and the cart state with it (shopping §4): on a shared computer
 * the next person starts with an empty cart. A forced logout (failed refresh) keeps the basket.
 */
export function loggedOutCookies(secure: boolean): CookieOp[] {
  return [
    ...clearedAuthCookies(secure),
    { name: COOKIES.guest, delete: true },
    { name: COOKIES.basket, delete: true },
    // The next person must not inherit the guest checkouts (and their addresses) of this one.
    ...ALL_BASKET_KEY_COOKIE_NAMES.map((name) => ({ name, delete: true as const })),
  ];
}
