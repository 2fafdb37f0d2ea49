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
