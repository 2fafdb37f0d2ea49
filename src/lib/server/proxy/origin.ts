const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Unsafe calls must come from this site. Browsers send Origin on every cross-site unsafe
 * request (and Sec-Fetch-Site), so a mismatch on either refuses the call; a call without both
 * is not a browser call and cannot carry a visitor's cookies by accident.
 */
export function isForeignUnsafeRequest(method: string, headers: Headers, siteOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get('origin');
  if (origin !== null && !siteOrigins.includes(origin)) return true;
  const fetchSite = headers.get('sec-fetch-site');
  return fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
}
