import type { AstroCookies } from 'astro';
import { COOKIES, HOST_PREFIX, bareCookieName, siteCookieName } from './cookie-names';

/** What the server sets on each of its cookies; `maxAge` is absent for a cookie of one visit. */
export interface SiteCookieOptions {
  path: '/';
  httpOnly: boolean;
  sameSite: 'strict';
  secure: boolean;
  maxAge?: number;
}

export interface CookieOptions extends SiteCookieOptions {
  /** Values are stored as given (the claims are already URI-encoded). */
  encode: (value: string) => string;
}

export type CookieOp = { name: string; value: string; options: CookieOptions } | { name: string; delete: true };

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 86400;

/**
 * How long the cookies that outlive a browser session last. A signed-in customer stays signed in
 * for as long as the store API's refresh token lives (30 days, as stores keep their customers); an
 * anonymous visitor's basket number, which names nobody, a year, so a cart never loses an item.
 */
export const COOKIE_MAX_AGE = {
  signedIn: 30 * DAY_SECONDS,
  basket: 365 * DAY_SECONDS,
  lang: 100000 * DAY_SECONDS,
  chatStarted: Math.round(0.04 * DAY_SECONDS),
} as const;

/**
 * A guest's details (their name and address, opened by the basket key) last for the browser
 * session, and never longer than this even in a browser that restores its session: the next
 * person at a shared computer finds none of them.
 */
export const GUEST_DETAILS_SECONDS = 4 * HOUR_SECONDS;

/**
 * The record of the order payment success shows: long enough for a reload, a new tab or a
 * return from the wallet, short enough that the next person at the computer finds none.
 */
export const ORDER_RECORD_SECONDS = HOUR_SECONDS;

/** Cookies that end with the browser session: a guest's, and notes that only matter during this visit. */
const BROWSER_SESSION_COOKIES: ReadonlySet<string> = new Set([
  COOKIES.guest,
  COOKIES.basketKey,
  COOKIES.targetPage,
  COOKIES.cartRejected,
]);

/** A cookie's Max-Age in seconds; undefined for a cookie of the browser session. */
export function cookieMaxAge(name: string): number | undefined {
  const bare = bareCookieName(name);
  if (BROWSER_SESSION_COOKIES.has(bare)) return undefined;
  if (bare === COOKIES.lang) return COOKIE_MAX_AGE.lang;
  if (bare === COOKIES.basket) return COOKIE_MAX_AGE.basket;
  if (bare === COOKIES.chatStarted) return COOKIE_MAX_AGE.chatStarted;
  if (bare === COOKIES.orderRecord) return ORDER_RECORD_SECONDS;
  return COOKIE_MAX_AGE.signedIn;
}

const asIs = (value: string) => value;

/**
 * Secure exactly when the visitor reached the site over https. The request URL's scheme is the
 * connection's, or X-Forwarded-Proto where the production entry believes it (TRUST_PROXY peers
 * only); the Host name never decides, since anyone can send any Host.
 */
export function secureCookiesFor(url: URL): boolean {
  return url.protocol === 'https:';
}

/** Cookies page JavaScript must never read: the tokens, the guest record, the basket key, the order record and the stored target page. */
const HTTP_ONLY_COOKIES: ReadonlySet<string> = new Set([
  COOKIES.access,
  COOKIES.refresh,
  COOKIES.guest,
  COOKIES.targetPage,
  COOKIES.basketKey,
  COOKIES.cartRejected,
  COOKIES.orderRecord,
]);

/** How a site cookie is deleted: with the SameSite it was set with, so the deletion is as strict as the cookie. */
export const DELETE_COOKIE_OPTIONS = { path: '/', sameSite: 'strict' } as const;

/**
 * The one rule for every cookie the server sets: SameSite=Strict so no other site's page can
 * send it, httpOnly for anything that authorizes, Secure as `secureCookiesFor` decides.
 */
export function siteCookieOptions(name: string, secure: boolean): SiteCookieOptions {
  const bare = bareCookieName(name);
  const options: SiteCookieOptions = { path: '/', httpOnly: HTTP_ONLY_COOKIES.has(bare), sameSite: 'strict', secure };
  const maxAge = cookieMaxAge(bare);
  return maxAge === undefined ? options : { ...options, maxAge };
}

/**
 * A site cookie under its scheme's name (see siteCookieName), its value stored as given, for its
 * name's lifetime or, `forBrowserSession`, until the browser closes (a guest's session claims).
 */
export function siteCookie(name: string, value: string, secure: boolean, forBrowserSession = false): CookieOp {
  const { maxAge, ...options } = siteCookieOptions(name, secure);
  return {
    name: siteCookieName(name, secure),
    value,
    options: { ...options, ...(forBrowserSession || maxAge === undefined ? {} : { maxAge }), encode: asIs },
  };
}

/** The deletion of a site cookie under its scheme's name. */
export function deletedCookie(name: string, secure: boolean): CookieOp {
  return { name: siteCookieName(name, secure), delete: true };
}

/**
 * This request's site cookies, read and written under the names its scheme uses, so no caller
 * spells a prefix: `__Host-` over https, bare over http.
 */
export function siteCookieJar(cookies: AstroCookies, url: URL) {
  const secure = secureCookiesFor(url);
  return {
    secure,
    /** A cookie's value, URI-decoded unless `raw` (the claims are encoded once and decoded by their reader). */
    get: (name: string, raw = false): string | undefined =>
      cookies.get(siteCookieName(name, secure), raw ? { decode: asIs } : undefined)?.value || undefined,
    set: (name: string, value: string, options: Partial<SiteCookieOptions> = {}): void =>
      cookies.set(siteCookieName(name, secure), value, { ...siteCookieOptions(name, secure), ...options }),
    delete: (name: string): void => applyCookies(cookies, [deletedCookie(name, secure)]),
  };
}

export function applyCookies(cookies: AstroCookies, operations: readonly CookieOp[]): void {
  for (const operation of operations) {
    // A browser ignores a `__Host-` cookie, its deletion included, unless it is Secure.
    if ('delete' in operation)
      cookies.delete(operation.name, {
        ...DELETE_COOKIE_OPTIONS,
        ...(operation.name.startsWith(HOST_PREFIX) ? { secure: true } : {}),
      });
    else cookies.set(operation.name, operation.value, operation.options);
  }
}
