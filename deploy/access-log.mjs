// What one request's access line and metrics labels say about it: never a query (tracking
// numbers, rating links and return targets live there), the route's pattern rather than its path
// (no e-mail, wallet token, basket or order number in a path reaches the log), and routes folded
// into a bounded set of names.

/** Probes of the load balancer and the platform: counted in metrics, never an access line. */
export const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

const LOCALE_PREFIX = /^\/(es|fr|pt)(?=\/|$)/;
const MAX_PATH = 200;

// A path segment that names someone's thing (basket, order, wallet token EC-…, rating link)
// rather than a page or a call: page and call names are lowercase words (and API versions, v2).
const TOKEN_SEGMENT = /[0-9A-Z%]|^.{25,}$/;
/** @param {string} segment */
const namesAThing = (segment) => TOKEN_SEGMENT.test(segment) && !/^v\d{1,2}$/.test(segment);

/**
 * The route pattern of a request target: no query; a segment that looks like an e-mail is
 * `{email}`, one that names a thing is `{id}`. Built files keep their names (they name no one).
 * @param {string | undefined} target
 */
export function loggablePath(target) {
  let pathname;
  try {
    pathname = new URL(target ?? '/', 'http://local').pathname;
  } catch {
    return '/';
  }
  const masked = pathname.startsWith('/_astro/')
    ? pathname
    : pathname
        .split('/')
        .map((segment) => (/@|%40/i.test(segment) ? '{email}' : namesAThing(segment) ? '{id}' : segment))
        .join('/');
  return masked.length > MAX_PATH ? `${masked.slice(0, MAX_PATH)}…` : masked;
}

// Answered before any route is chosen (bad method, address too long, foreign origin...).
const REFUSED = new Set([400, 403, 405, 413, 414, 431]);

// A proxy path segment that names a thing (basket, order, product, token) rather than a call.
const ID_SEGMENT = /[0-9A-Z%.]|^.{25,}$/;

/**
 * The route a request counts under in metrics: pages by their path without language, proxy calls
 * with their identifiers folded, built files together; misses, refusals and redirects under one
 * name each, since their paths are whatever a client sent.
 * @param {string} path from loggablePath
 * @param {number} status
 */
export function routeLabel(path, status) {
  if (status === 404) return 'not-found';
  if (REFUSED.has(status)) return 'refused';
  if (status >= 300 && status < 400 && status !== 304) return 'redirect';
  if (path.startsWith('/_astro/')) return '/_astro/';
  if (path.startsWith('/api/')) {
    return path
      .split('/')
      .map((segment) => (ID_SEGMENT.test(segment) ? '{id}' : segment))
      .join('/');
  }
  return path.replace(LOCALE_PREFIX, '') || '/';
}

/**
 * The access line's fields.
 * @param {{ method: string | undefined, target: string | undefined, status: number, durationMs: number, requestId: string, aborted: boolean }} request
 */
export function accessEntry(request) {
  return {
    method: request.method ?? 'GET',
    path: loggablePath(request.target),
    status: request.status,
    durationMs: Math.round(request.durationMs * 10) / 10,
    requestId: request.requestId,
    ...(request.aborted ? { aborted: true } : {}),
  };
}
