import type { MiddlewareHandler } from 'astro';
import { applySecurityHeaders } from '~/lib/http/security-headers';

/** Adds the house headers to every response, and frame-ancestors to the CSP Astro computes. */
export const securityHeaders: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  try {
    // In place: a rendered page's headers can be changed, and copying them costs every request.
    applySecurityHeaders(response.headers);
    return response;
  } catch {
    // Headers of a fetched or redirect answer can be immutable: answer with a copy.
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
