/** How the proxy treats a call beyond forwarding it. */
export type RouteKind =
  | 'login'
  /** Answers shaped like login (account creation signs the new person in). */
  | 'loginShaped'
  | 'refresh'
  | 'logout'
  /** Guest authorization: a guest record for the basket turns the visitor into a guest. */
  | 'guest'
  /** Signed-in calls whose answer may carry a new session (a subscriber's update makes a customer). */
  | 'renewsSession'
  | 'plain';

export interface ProxyRoute {
  readonly method: string;
  readonly pattern: string;
  readonly kind: RouteKind;
  /** A step of buying (shipping, checkout, wallet): refused while purchases are blocked. */
  readonly purchase?: true;
}

/** Page URLs end in a slash on this site, so calls arrive as /api/a/basket/1/; the API's own spelling is the pattern's. */
export function upstreamPath(route: ProxyRoute, path: string): string {
  const bare = path.replace(/\/+$/, '');
  return route.pattern.endsWith('/') ? `${bare}/` : bare;
}

const SEGMENT = '[^/]+';

/**
 * Every public call of both spec documents and of store-api/README.md, nothing else (back-office
 * calls such as minting rating links stay server-side). Patterns use
 * `{name}` for one path segment; a trailing slash is optional.
 */
export const ALLOWED_ROUTES: readonly ProxyRoute[] = [
  // Catalogue and basket
  { method: 'GET', pattern: 'a/basket/{basketNum}', kind: 'plain' },
  { method: 'POST', pattern: 'a/basket/{basketNum}', kind: 'plain' },
  { method: 'DELETE', pattern: 'a/basket/{basketNum}', kind: 'plain' },
  { method: 'POST', pattern: 'a/basket', kind: 'plain' },
  { method: 'POST', pattern: 'a/basket/bulk', kind: 'plain' },
  { method: 'POST', pattern: 'a/item/{productId}/{qty}', kind: 'plain' },
  { method: 'PATCH', pattern: 'a/item/{productId}/{qty}', kind: 'plain' },
  { method: 'GET', pattern: 'v2/suggest/products', kind: 'plain' },
  { method: 'GET', pattern: 'v2/group/{mfgAccountId}/{sku}', kind: 'plain' },
  { method: 'POST', pattern: 'graphql', kind: 'plain' },
  { method: 'POST', pattern: 'v2/address/validate', kind: 'plain' },
  // Session and account
  { method: 'POST', pattern: 'v2/auth/login', kind: 'login' },
  { method: 'POST', pattern: 'v2/auth/refresh', kind: 'refresh' },
  { method: 'POST', pattern: 'v2/auth/logout', kind: 'logout' },
  { method: 'GET', pattern: 'a/user/', kind: 'plain' },
  { method: 'POST', pattern: 'v2/customers/subscribers', kind: 'loginShaped' },
  { method: 'POST', pattern: 'v2/customers', kind: 'loginShaped' },
  { method: 'PATCH', pattern: 'v2/customers', kind: 'renewsSession' },
  { method: 'GET', pattern: 'a/guest/{basketNum}', kind: 'guest' },
  { method: 'POST', pattern: 'a/guest/{basketNum}', kind: 'guest' },
  // Checkout and orders
  { method: 'POST', pattern: 'a/user/shipping/{basketNum}', kind: 'plain', purchase: true },
  { method: 'POST', pattern: 'a/shipping/{basketNum}', kind: 'plain', purchase: true },
  { method: 'POST', pattern: 'a/user/checkout/{basketNum}', kind: 'plain', purchase: true },
  { method: 'POST', pattern: 'a/checkout/{basketNum}', kind: 'plain', purchase: true },
  { method: 'GET', pattern: 'paypal/approve/{token}', kind: 'plain', purchase: true },
  { method: 'POST', pattern: 'a/paypal/{token}', kind: 'plain', purchase: true },
  { method: 'GET', pattern: 'v2/orders/history', kind: 'plain' },
  { method: 'GET', pattern: 'v2/orders/history/guest', kind: 'plain' },
  { method: 'DELETE', pattern: 'v2/orders/{orderNoDisplay}', kind: 'plain' },
  { method: 'GET', pattern: 'v2/reports/warehouse-status', kind: 'plain' },
  { method: 'GET', pattern: 'a/tracking/{trackingNumber}', kind: 'plain' },
  { method: 'GET', pattern: 'admin/public/rate_merchant/{orderNoEnc}', kind: 'plain' },
  { method: 'POST', pattern: 'admin/public/rate_merchant/{orderNoEnc}', kind: 'plain' },
  // Widgets and sinks
  { method: 'GET', pattern: 'chat/widget.js', kind: 'plain' },
  { method: 'POST', pattern: 'analytics', kind: 'plain' },
];

function compile(pattern: string): RegExp {
  const source = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (/^\{\w+\}$/.test(part) ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const compiled = ALLOWED_ROUTES.map((route) => ({ route, regex: compile(route.pattern) }));

/**
 * The allowed route for a method and a path below /api/ (no leading slash), or null.
 * Literal routes win over patterns (a/basket/bulk is not a basket number). Paths with dot
 * segments, encoded slashes or empty segments never match.
 */
export function matchRoute(method: string, path: string): ProxyRoute | null {
  if (path === '' || path.startsWith('/') || /(^|\/)\.\.?(\/|$)/.test(path) || /%2f|%5c|\\|\/\//i.test(path)) return null;
  const upper = method.toUpperCase();
  const candidates = compiled.filter(({ route, regex }) => route.method === upper && regex.test(path));
  if (candidates.length === 0) return null;
  const literal = candidates.find(({ route }) => !route.pattern.includes('{'));
  return (literal ?? candidates[0])!.route;
}
