import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { HttpMethod, ProxyKind } from '~/lib/store-api/endpoint';

/** How the proxy treats a call beyond forwarding it. */
export type RouteKind = ProxyKind;

export interface ProxyRoute {
  readonly method: HttpMethod;
  readonly pattern: string;
  readonly kind: RouteKind;
  /** A step of buying (shipping, checkout, wallet): refused while purchases are blocked. */
  readonly purchase?: true;
  /** Its answer may name an order placed: the proxy records it for the visitor. */
  readonly placesOrder?: true;
}

/** Page URLs end in a slash on this site, so calls arrive as /api/a/basket/1/; the API's own spelling is the pattern's. */
export function upstreamPath(route: ProxyRoute, path: string): string {
  const bare = path.replace(/\/+$/, '');
  return route.pattern.endsWith('/') ? `${bare}/` : bare;
}

const SEGMENT = '[^/]+';

/**
 * The calls of the store-API table that the browser may make through the proxy, nothing else
 * (back-office calls such as minting rating links stay server-side). Patterns use `{name}` for
 * one path segment; a trailing slash is optional.
 */
export const ALLOWED_ROUTES: readonly ProxyRoute[] = Object.values(ENDPOINTS).flatMap((entry) =>
  'proxy' in entry
    ? [
        {
          method: entry.method,
          pattern: entry.path,
          kind: entry.proxy,
          ...('purchase' in entry ? { purchase: true as const } : {}),
          ...('placesOrder' in entry ? { placesOrder: true as const } : {}),
        },
      ]
    : [],
);

function compile(pattern: string): RegExp {
  const source = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (/^\{\w+\}$/.test(part) ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** A matcher of method and path against route patterns: literal routes win over patterns. */
function matcher<R extends { readonly method: string; readonly pattern: string }>(routes: readonly R[]) {
  const compiled = routes.map((route) => ({ route, regex: compile(route.pattern) }));
  return (method: string, path: string): R | null => {
    if (path === '' || path.startsWith('/') || /(^|\/)\.\.?(\/|$)/.test(path) || /%2f|%5c|\\|\/\//i.test(path))
      return null;
    const upper = method.toUpperCase();
    const candidates = compiled.filter(({ route, regex }) => route.method === upper && regex.test(path));
    if (candidates.length === 0) return null;
    const literal = candidates.find(({ route }) => !route.pattern.includes('{'));
    return (literal ?? candidates[0])!.route;
  };
}

/**
 * The allowed route for a method and a path below /api/ (no leading slash), or null.
 * Literal routes win over patterns (a/basket/bulk is not a basket number). Paths with dot
 * segments, encoded slashes or empty segments never match.
 */
export const matchRoute = matcher(ALLOWED_ROUTES);

/** Every call of the store-API table, the proxy's and the server's own (sign-in, refresh): names calls in logs and metrics. */
export const matchCall = matcher(
  Object.values(ENDPOINTS).flatMap((entry) => (entry.site ? [] : [{ method: entry.method, pattern: entry.path }])),
);
