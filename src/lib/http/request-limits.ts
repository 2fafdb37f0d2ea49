/**
 * Path and query longer than this are answered 414 by the site itself. Node refuses a request
 * line over its header limit (16 KB) with an empty 431; below that, no page or call of this
 * site needs more than a few hundred characters, so a longer address is a mistake or an attack.
 */
export const MAX_URI_LENGTH = 8 * 1024;

export function isUriTooLong(url: URL): boolean {
  return url.pathname.length + url.search.length > MAX_URI_LENGTH;
}

/** Methods a page answers: reading it, and posting its form (the proxy under /api/ decides its own). */
export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD', 'POST'];

export function isMethodRefused(method: string, pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !PAGE_METHODS.includes(method.toUpperCase());
}

/**
 * Largest body a page form or an action takes. The biggest form of the site (the customer form
 * with both addresses and a new account) is about 3 KB; the proxy under /api/ keeps its own,
 * larger limit for bulk add (`MAX_BODY_BYTES`).
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

/** Why a body is refused before any of it is read: too large as declared, or of no declared length. */
export type BodyRefusal = 413 | 411 | null;

/**
 * Decides on the headers alone whether a page form or an action may be read. A browser declares
 * the length of every form and `fetch` body it sends; a body of unknown length (chunked) would
 * have to be read to be measured, so it is refused instead. The proxy under /api/ reads its
 * bodies itself, stopping at its own limit.
 */
export function bodyRefusal(method: string, pathname: string, headers: Headers): BodyRefusal {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD') return null;
  if (pathname === '/api' || pathname.startsWith('/api/')) return null;
  const contentLength = headers.get('content-length');
  // Neither a length nor a transfer coding: HTTP says there is no body.
  if (contentLength === null) return headers.has('transfer-encoding') ? 411 : null;
  // HTTP's Content-Length is decimal digits only; anything else says nothing about the body.
  if (!/^\d+$/.test(contentLength.trim())) return 411;
  return Number(contentLength) > MAX_FORM_BODY_BYTES ? 413 : null;
}

/** An action's JSON input that does not parse: the action answers 400 instead of a server error. */
export function isMalformedJson(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}
