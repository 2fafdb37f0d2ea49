import { toBasket, toBasketNumber, toSuggestions, type Basket, type Suggestion } from './basket';
import { toGuestRecord, type GuestRecord } from './guest';
import { toUserRecord, type UserRecord } from './user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How the same-origin proxy treats a call beyond forwarding it. */
export type ProxyKind =
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

/** Reads an answer into the app's own type; undefined when the answer cannot be read. */
export type Decoder<T> = (body: unknown) => T | undefined;

export interface Endpoint<T = unknown> {
  readonly method: HttpMethod;
  /** Relative to the store API root; `{name}` is one path segment, a trailing slash is the API's spelling. */
  readonly path: string;
  /** The spec's call flag: names the call for request state and for cancelling an earlier one. */
  readonly flag: string;
  /** A step of buying (shipping, checkout, wallet): refused while purchases are blocked. */
  readonly purchase?: true;
  /** Sent with the bearer token (the proxy adds it from its cookie in the browser). */
  readonly auth?: true;
  /** Forwarded by the same-origin proxy, and how; absent: the server alone makes the call. */
  readonly proxy?: ProxyKind;
  readonly decode: Decoder<T>;
}

/** Answers whose body the callers read themselves (or ignore) are passed on as they came. */
const asIs: Decoder<unknown> = (body) => body;

/** A converter that answers null for an unreadable answer, as a decoder. */
function readable<T>(convert: (body: unknown) => T | null): Decoder<T> {
  return (body) => convert(body) ?? undefined;
}

function endpoint<T>(entry: Endpoint<T>): Endpoint<T> {
  return entry;
}

/**
 * Every store-API call of this front end: both spec documents and store-api/README.md, nothing
 * else. The proxy allowlist is the entries with `proxy`; the contract test checks every entry
 * against the reference API's routes.
 */
export const ENDPOINTS = {
  // Catalogue and basket
  basketGet: endpoint<Basket>({ method: 'GET', path: 'a/basket/{basketNum}', flag: 'basketGet', proxy: 'plain', decode: readable(toBasket) }),
  basketLanguageSet: endpoint({ method: 'POST', path: 'a/basket/{basketNum}', flag: 'basketLanguage', proxy: 'plain', decode: asIs }),
  basketDestroy: endpoint({ method: 'DELETE', path: 'a/basket/{basketNum}', flag: 'basketDestroy', proxy: 'plain', decode: asIs }),
  basketCreate: endpoint({ method: 'POST', path: 'a/basket', flag: 'basketCreate', proxy: 'plain', decode: readable(toBasketNumber) }),
  basketBulkAdd: endpoint({ method: 'POST', path: 'a/basket/bulk', flag: 'basketBulkAdd', proxy: 'plain', decode: asIs }),
  basketAdopt: endpoint<string>({ method: 'POST', path: 'a/basket/{basketNum}/adopt', flag: 'basketAdopt', decode: readable(toBasketNumber) }),
  basketItemAdd: endpoint({ method: 'POST', path: 'a/item/{productId}/{qty}', flag: 'basketItemAdd', proxy: 'plain', decode: asIs }),
  basketItemUpdate: endpoint({ method: 'PATCH', path: 'a/item/{productId}/{qty}', flag: 'basketItemUpdate', proxy: 'plain', decode: asIs }),
  productsSuggest: endpoint<Suggestion[]>({ method: 'GET', path: 'v2/suggest/products', flag: 'suggestProducts', proxy: 'plain', decode: readable(toSuggestions) }),
  partLookup: endpoint({ method: 'GET', path: 'v2/group/{mfgAccountId}/{sku}', flag: 'bulkLookup', proxy: 'plain', decode: asIs }),
  graphql: endpoint({ method: 'POST', path: 'graphql', flag: 'cartGraph', proxy: 'plain', decode: asIs }),
  addressValidate: endpoint({ method: 'POST', path: 'v2/address/validate', flag: 'addressValidate', proxy: 'plain', decode: asIs }),
  // Session and account
  login: endpoint({ method: 'POST', path: 'v2/auth/login', flag: 'userAuthLogin', proxy: 'login', decode: asIs }),
  refresh: endpoint({ method: 'POST', path: 'v2/auth/refresh', flag: 'userAuthRefresh', proxy: 'refresh', decode: asIs }),
  logout: endpoint({ method: 'POST', path: 'v2/auth/logout', flag: 'userAuthLogout', proxy: 'logout', decode: asIs }),
  userGet: endpoint<UserRecord>({ method: 'GET', path: 'a/user/', flag: 'userGet', auth: true, proxy: 'plain', decode: toUserRecord }),
  userEmailChange: endpoint({ method: 'PATCH', path: 'a/user/email', flag: 'userEmailChange', auth: true, decode: asIs }),
  userPasswordChange: endpoint({ method: 'PATCH', path: 'a/user/password', flag: 'userPasswordChange', auth: true, decode: asIs }),
  userPasswordReset: endpoint({ method: 'POST', path: 'a/user/password', flag: 'userPasswordReset', decode: asIs }),
  subscriberAdd: endpoint({ method: 'POST', path: 'v2/customers/subscribers', flag: 'subscriberAdd', proxy: 'loginShaped', decode: asIs }),
  customerAdd: endpoint({ method: 'POST', path: 'v2/customers', flag: 'customerAdd', proxy: 'loginShaped', decode: asIs }),
  customerUpdate: endpoint({ method: 'PATCH', path: 'v2/customers', flag: 'customerUpdate', auth: true, proxy: 'renewsSession', decode: asIs }),
  guestGet: endpoint<GuestRecord>({ method: 'GET', path: 'a/guest/{basketNum}', flag: 'guestGet', proxy: 'guest', decode: readable(toGuestRecord) }),
  guestPost: endpoint({ method: 'POST', path: 'a/guest/{basketNum}', flag: 'guestPost', proxy: 'guest', decode: asIs }),
  // Checkout and orders
  customerShipping: endpoint({ method: 'POST', path: 'a/user/shipping/{basketNum}', flag: 'shipping', auth: true, purchase: true, proxy: 'plain', decode: asIs }),
  guestShipping: endpoint({ method: 'POST', path: 'a/shipping/{basketNum}', flag: 'shipping', purchase: true, proxy: 'plain', decode: asIs }),
  customerCheckout: endpoint({ method: 'POST', path: 'a/user/checkout/{basketNum}', flag: 'customerCheckout', auth: true, purchase: true, proxy: 'plain', decode: asIs }),
  guestCheckout: endpoint({ method: 'POST', path: 'a/checkout/{basketNum}', flag: 'guestCheckout', purchase: true, proxy: 'plain', decode: asIs }),
  walletApprove: endpoint({ method: 'GET', path: 'paypal/approve/{token}', flag: 'walletApprove', purchase: true, proxy: 'plain', decode: asIs }),
  walletConfirm: endpoint({ method: 'POST', path: 'a/paypal/{token}', flag: 'walletConfirm', purchase: true, proxy: 'plain', decode: asIs }),
  ordersHistory: endpoint({ method: 'GET', path: 'v2/orders/history', flag: 'ordersHistory', auth: true, proxy: 'plain', decode: asIs }),
  ordersGuestLookup: endpoint({ method: 'GET', path: 'v2/orders/history/guest', flag: 'ordersGuestLookup', proxy: 'plain', decode: asIs }),
  orderCancel: endpoint({ method: 'DELETE', path: 'v2/orders/{orderNoDisplay}', flag: 'ordersCancel', proxy: 'plain', decode: asIs }),
  warehouseStatus: endpoint({ method: 'GET', path: 'v2/reports/warehouse-status', flag: 'warehouseStatus', proxy: 'plain', decode: asIs }),
  trackingGet: endpoint({ method: 'GET', path: 'a/tracking/{trackingNumber}', flag: 'tracking', proxy: 'plain', decode: asIs }),
  ratingGet: endpoint({ method: 'GET', path: 'admin/public/rate_merchant/{orderNoEnc}', flag: 'ratingGet', proxy: 'plain', decode: asIs }),
  ratingPost: endpoint({ method: 'POST', path: 'admin/public/rate_merchant/{orderNoEnc}', flag: 'ratingPost', proxy: 'plain', decode: asIs }),
  orderNumberEncode: endpoint({ method: 'GET', path: 'admin/public/rate_merchant/order-no-encode/{orderNo}', flag: 'orderNumberEncode', decode: asIs }),
  // Widgets and sinks
  chatWidget: endpoint({ method: 'GET', path: 'chat/widget.js', flag: 'chatWidget', proxy: 'plain', decode: asIs }),
  analytics: endpoint({ method: 'POST', path: 'analytics', flag: 'analytics', proxy: 'plain', decode: asIs }),
} as const satisfies Record<string, Endpoint<unknown>>;

export type PathParams = Readonly<Record<string, string | number>>;

/** The path of a call: each `{name}` replaced by its encoded value. */
export function pathOf(entry: Pick<Endpoint, 'path'>, params: PathParams = {}): string {
  return entry.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${entry.path}`);
    return encodeURIComponent(String(value));
  });
}
