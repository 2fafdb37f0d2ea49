const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/**
 * Unsafe calls must come from this site. Browsers send Origin on every cross-site unsafe
 * request (and Sec-Fetch-Site), so a mismatch on either refuses the call. Without Origin a
 * Referer from elsewhere still names the page that sent it (older browsers, some privacy
 * settings). A call with none of the three is not a browser call and cannot carry a visitor's
 * cookies by accident.
 */
export function isForeignUnsafeRequest(method: string, headers: Headers, siteOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get('origin');
  if (origin !== null && !siteOrigins.includes(origin)) return true;
  const referer = headers.get('referer');
  if (origin === null && referer !== null && !siteOrigins.includes(originOf(referer))) return true;
  const fetchSite = headers.get('sec-fetch-site');
  return fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
}
