import {
  ALL_TOKEN_COOKIE_NAMES,
  COOKIES,
  LEGACY_COOKIES,
  LEGACY_TOKEN_COOKIES,
  bothCookieNames,
} from '../session/cookie-names.ts';

/**
 * Public pages may be cached by a shared cache (CDN) for a short while, but browsers revalidate.
 * Only the anonymous answer is ever shared: see `cdnSafeCaching`.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';

/** A public page answered for one visitor (signed in, or given a cookie): the browser's own copy only. */
export const VISITOR_PAGE_CACHE = 'private, no-cache';

/**
 * Cookies that change what a public page renders: the session (the header shows the account menu
 * or the guest exit) under each of its names, and every cookie name of older releases, which is
 * renamed or deleted on sight.
 * LANG is not one of them: an unprefixed page is redirected before it renders when LANG names
 * another language, and that redirect is never shared.
 */
const VISITOR_COOKIES: ReadonlySet<string> = new Set([
  ...ALL_TOKEN_COOKIE_NAMES,
  ...bothCookieNames(COOKIES.claims),
  ...bothCookieNames(COOKIES.guest),
  ...Object.keys(LEGACY_COOKIES),
  ...LEGACY_TOKEN_COOKIES,
]);

/**
 * Cookies that keep a request away from nginx's page cache (deploy/nginx.conf, the
 * `$parts_store_personal` map; a unit test holds the two lists together): the visitor's cookies,
 * and LANG, whose redirect of an unprefixed page is decided per request.
 */
export const SHARED_CACHE_BYPASS_COOKIES: readonly string[] = [...VISITOR_COOKIES, ...bothCookieNames(COOKIES.lang)];

/** Whether a Cookie request header carries a cookie that makes the page the visitor's own. */
export function carriesVisitorCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const [name = '', ...value] = pair.split('=');
    return VISITOR_COOKIES.has(name.trim()) && value.join('=').trim() !== '';
  });
}

/** True when a Cache-Control value lets a shared cache keep the answer. */
export function isSharedCacheable(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split('=')[0]);
  if (directives.includes('private') || directives.includes('no-store')) return false;
  return directives.includes('public') || directives.includes('s-maxage');
}

export interface CacheFacts {
  /** The Cache-Control the page chose, or null. */
  cacheControl: string | null;
  /** The answer sets a cookie (a refreshed token, a renamed cookie, the chosen language…). */
  setsCookie: boolean;
  /** The request carries a session cookie (see carriesVisitorCookie). */
  visitorCookie: boolean;
}

export interface CachePolicy {
  cacheControl: string | null;
  /** True when the answer must carry `Vary: Cookie`. */
  varyCookie: boolean;
}

/**
 * The rule that keeps a CDN from sharing one visitor's answer with another: an answer that sets a
 * cookie or is rendered for a session is never shared-cacheable, and every page that would be
 * public varies on Cookie, so a cache that honours Vary never serves the anonymous copy to a
 * signed-in visitor (and an unprefixed page never to a visitor whose LANG names another language).
 */
export function cdnSafeCaching({ cacheControl, setsCookie, visitorCookie }: CacheFacts): CachePolicy {
  const shared = isSharedCacheable(cacheControl);
  if (setsCookie && (shared || cacheControl === null)) return { cacheControl: VISITOR_PAGE_CACHE, varyCookie: shared };
  if (!shared) return { cacheControl, varyCookie: false };
  return { cacheControl: visitorCookie ? VISITOR_PAGE_CACHE : cacheControl, varyCookie: true };
}

/** Appends a name to a Vary value once. */
export function withVary(current: string | null, name: string): string {
  if (!current) return name;
  if (
    current.trim() === '*' ||
    current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    return current;
  return `${current}, ${name}`;
}

/** A redirect chosen from the visitor's cookies: never shared, and marked as varying on Cookie. */
export function markCookieDependent(response: Response): Response {
  response.headers.set('Cache-Control', VISITOR_PAGE_CACHE);
  response.headers.set('Vary', withVary(response.headers.get('Vary'), 'Cookie'));
  return response;
}
