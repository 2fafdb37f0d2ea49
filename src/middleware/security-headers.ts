import type { MiddlewareHandler } from 'astro';

const HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Adds the house headers to every response, and frame-ancestors to the CSP Astro computes. */
export const securityHeaders: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
  const csp = headers.get('Content-Security-Policy')?.replace(/[;\s]+$/, '');
  headers.set('Content-Security-Policy', csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
