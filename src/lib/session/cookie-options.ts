import type { AstroCookies } from 'astro';
import { ALL_BASKET_KEY_COOKIE_NAMES, ALL_TOKEN_COOKIE_NAMES, COOKIES, HOST_PREFIX } from './cookie-names';

/** What the server sets on each of its cookies; `maxAge` is absent for a cookie of one visit. */
export interface SiteCookieOptions {
  path: '/';
  httpOnly: boolean;
  sameSite: 'strict';
  secure: boolean;
  maxAge?: number;
}

export interface CookieOptions extends SiteCookieOptions {
  maxAge: number;
  /** Values are stored as given (the claims are already URI-encoded). */
  encode: (value: string) => string;
}

export type CookieOp = { name: string; value: string; options: CookieOptions } | { name: string; delete: true };

const DAY_SECONDS = 86400;
export const COOKIE_MAX_AGE = {
  default: 365 * DAY_SECONDS,
  lang: 100000 * DAY_SECONDS,
  chatStarted: Math.round(0.04 * DAY_SECONDS),
} as const;

const asIs = (value: string) => value;

/**
 * Secure exactly when the visitor reached the site over https. The request URL's scheme is the
 * connection's, or X-Forwarded-Proto where the production entry believes it (TRUST_PROXY peers
 * only); the Host name never decides, since anyone can send any Host.
 */
export function secureCookiesFor(url: URL): boolean {
  return url.protocol === 'https:';
}

/** Cookies page JavaScript must never read: the tokens, the guest record and the stored target page. */
const HTTP_ONLY_COOKIES: ReadonlySet<string> = new Set([
  ...ALL_TOKEN_COOKIE_NAMES,
  COOKIES.guest,
  COOKIES.targetPage,
  ...ALL_BASKET_KEY_COOKIE_NAMES,
]);

/** How a site cookie is deleted: with the SameSite it was set with, so the deletion is as strict as the cookie. */
export const DELETE_COOKIE_OPTIONS = { path: '/', sameSite: 'strict' } as const;

/**
 * The one rule for every cookie the server sets: SameSite=Strict so no other site's page can
 * send it, httpOnly for anything that authorizes, Secure as `secureCookiesFor` decides.
 */
export function siteCookieOptions(name: string, secure: boolean): SiteCookieOptions {
  const options: SiteCookieOptions = { path: '/', httpOnly: HTTP_ONLY_COOKIES.has(name), sameSite: 'strict', secure };
  // The stored target page only matters during this visit.
  if (name === COOKIES.targetPage) return options;
  return { ...options, maxAge: name === COOKIES.lang ? COOKIE_MAX_AGE.lang : COOKIE_MAX_AGE.default };
}

/** A session cookie of a year, its value stored as given. */
export function siteCookie(name: string, value: string, secure: boolean): CookieOp {
  return { name, value, options: { ...siteCookieOptions(name, secure), maxAge: COOKIE_MAX_AGE.default, encode: asIs } };
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
