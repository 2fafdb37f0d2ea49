/**
 * Accepts a return target only when it is a path on this site. Anything that a browser could
 * read as another origin (//host, /\host, schemes, control characters) falls back.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil" would become "//evil".
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const resolved = new URL(value, 'http://site.invalid');
    if (resolved.origin !== 'http://site.invalid') return fallback;
    // Dot segments resolve away: "/.//evil" becomes "//evil", which a browser reads as another host.
    if (resolved.pathname.startsWith('//')) return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

/** Collapses any run of leading slashes and backslashes into one slash. */
export function collapseLeadingSlashes(pathname: string): string {
  return pathname.replace(/^[/\\]+/, '/');
}

/** One-shot notices carried in the address ("You were logged out!", "User was not logged out"). */
export const NOTICE_FLAGS = ['logOut', 'logoutFailed'] as const;

/**
 * The page to come back to: a same-origin path without the one-shot notice flags, so a later
 * login or a second logout never shows an old notice again.
 */
export function returnTarget(value: unknown, fallback = '/'): string {
  const safe = safeReturnPath(value, fallback);
  const url = new URL(safe, 'http://site.invalid');
  if (!NOTICE_FLAGS.some((flag) => url.searchParams.has(flag))) return safe;
  for (const flag of NOTICE_FLAGS) url.searchParams.delete(flag);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The page to go back to: the stored target page (its cookie), else the Referer's. A cookie can be
 * planted (on plain http, or by a sibling subdomain), so it is a path on this site or nothing.
 */
export function previousPageFrom(storedTarget: string | undefined, referer: string | null, here: URL): string | null {
  return (storedTarget && returnTarget(storedTarget, '')) || previousPageOf(referer, here);
}

/**
 * The page a visitor came from, when it is another page of this site: read from the Referer, so
 * no cookie has to follow every page view (a cookie would make public pages uncacheable).
 */
export function previousPageOf(referer: string | null, here: URL): string | null {
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== here.host || from.pathname === here.pathname) return null;
    return returnTarget(`${from.pathname}${from.search}`, '') || null;
  } catch {
    return null;
  }
}
