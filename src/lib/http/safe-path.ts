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
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

/** Collapses any run of leading slashes and backslashes into one slash. */
export function collapseLeadingSlashes(pathname: string): string {
  return pathname.replace(/^[/\\]+/, '/');
}
