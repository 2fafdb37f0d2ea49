/** The house headers every answer carries, beside the CSP Astro computes. */
export const HOUSE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
const HOUSE_ENTRIES = Object.entries(HOUSE_HEADERS);

/** Astro's CSP (or none) with framing forbidden. */
export function withFrameAncestors(csp: string | null): string {
  const policy = csp?.replace(/[;\s]+$/, '');
  return policy ? `${policy}; frame-ancestors 'none'` : "frame-ancestors 'none'";
}

/** Sets the house headers and the framing rule on an answer's headers. */
export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of HOUSE_ENTRIES) headers.set(name, value);
  headers.set('Content-Security-Policy', withFrameAncestors(headers.get('Content-Security-Policy')));
}
