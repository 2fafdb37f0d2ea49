// The production entry keeps public pages in memory and answers them without the site
// (deploy/page-memory.mjs); these are the rules of what it may keep and to whom it may give it.
// It loads this file directly, so imports are relative with their extension.
import { carriesVisitorCookie, isSharedCacheable } from './cache.ts';
import { isPageNavigation } from './request-kind.ts';
import { langCookieRedirect, localeOfPath, type Locale } from '../i18n/locales.ts';
import { COOKIES } from '../session/cookie-names.ts';

/** What of a request decides whether a stored page answers it. */
export interface MemoryRequest {
  method: string;
  /** The request target, path and query as sent. */
  target: string;
  /** The Cookie header, or null. */
  cookie: string | null;
}

/** What of a rendered answer decides whether it may be kept. */
export interface RenderedAnswer {
  status: number;
  cacheControl: string | null;
  vary: string | null;
  setsCookie: boolean;
}

/** Statuses a shared cache may keep when the answer says so (RFC 9111 §3), redirects included. */
const STORABLE_STATUSES: ReadonlySet<number> = new Set([200, 203, 301, 302, 307, 308, 404, 410]);

/**
 * Request headers a stored page may vary on: Cookie, because only requests without a visitor's
 * cookie get a stored page (and only the answer to a request without any cookie is stored), and
 * Accept-Encoding, because every encoding is stored.
 */
const KEYED_VARY: ReadonlySet<string> = new Set(['cookie', 'accept-encoding']);

/** The path as the site reads it (dot segments resolved), or null for a target it could not parse. */
function pathOf(target: string): string | null {
  try {
    return new URL(target, 'http://local').pathname;
  } catch {
    return null;
  }
}

/** Every value a cookie has in a Cookie header (a name can be sent twice). */
function cookieValues(header: string | null, name: string): string[] {
  if (!header) return [];
  return header.split(';').flatMap((pair) => {
    const [key = '', ...value] = pair.split('=');
    return key.trim() === name ? [value.join('=').trim()] : [];
  });
}

/**
 * Whether a stored page may answer this request instead of a render: a GET or HEAD that carries
 * no cookie making the page the visitor's own (the CDN rule, `carriesVisitorCookie`) and no LANG
 * cookie that sends this unprefixed page to another language (that redirect stays per request).
 */
export function mayAnswerFromMemory({ method, target, cookie }: MemoryRequest): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!cookie) return true;
  if (carriesVisitorCookie(cookie)) return false;
  const languages = cookieValues(cookie, COOKIES.lang);
  if (languages.length === 0) return true;
  const path = pathOf(target);
  return path !== null && languages.every((value) => langCookieRedirect(path, value) === null);
}

/**
 * Whether this request's answer may be stored: a GET with no cookie at all, so the kept page is
 * the one every anonymous visitor gets and no cookie of anyone shaped it.
 */
export function mayStoreAnswerTo(request: MemoryRequest): boolean {
  return request.method === 'GET' && !request.cookie && mayAnswerFromMemory(request);
}

function directives(cacheControl: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name = '', value = ''] = part.trim().split('=');
    if (name) found.set(name.trim(), value.trim().replace(/^"|"$/g, ''));
  }
  return found;
}

function seconds(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) return 0;
  return Number(value);
}

/**
 * How long a rendered answer may be kept and given to other requests, in seconds; 0 when never.
 * Only what a shared cache may keep by the answer's own word: public, no Set-Cookie, a status a
 * cache may store, a Vary the store honours, and a fresh life from s-maxage (else max-age).
 */
export function memoryLifetime({ status, cacheControl, vary, setsCookie }: RenderedAnswer): number {
  if (setsCookie || !STORABLE_STATUSES.has(status) || !cacheControl || !isSharedCacheable(cacheControl)) return 0;
  const varied = (vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (varied.some((name) => !KEYED_VARY.has(name))) return 0;
  const found = directives(cacheControl);
  if (found.has('no-cache') || found.has('no-store') || found.has('private')) return 0;
  return found.has('s-maxage') ? seconds(found.get('s-maxage')) : seconds(found.get('max-age'));
}

/**
 * The key of a stored page: scheme, host and the whole target. The store and every other setting
 * are the process's own, and the language is in the path; the query stays in the key because
 * pages show it (tracking numbers, the attempted address of a 404, a logged-out notice).
 */
export function memoryKey(scheme: string, host: string, target: string): string {
  return `${scheme}://${host.toLowerCase()}${target}`;
}

/** The referrer a page view names: the Referer without its query, which can carry a token or an e-mail. */
export function referrerOf(referer: string | null | undefined): string {
  return (referer ?? '').split(/[?#]/)[0] ?? '';
}

/** The page view a stored page counts when it answers, as the site's guard would; null for non-pages. */
export function pageViewOf(
  method: string,
  target: string,
  referer: string | null,
): { path: string; locale: Locale; referrer: string } | null {
  const path = pathOf(target);
  if (path === null || !isPageNavigation(method, path)) return null;
  return { path, locale: localeOfPath(path), referrer: referrerOf(referer) };
}
