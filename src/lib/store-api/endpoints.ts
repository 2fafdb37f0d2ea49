import {
  toBasket,
  toBasketNumber,
  toBulkAddAnswer,
  toGraphCartSkus,
  toSuggestions,
  type Basket,
  type BulkAddAnswer,
  type Suggestion,
} from './basket';
import { toAddressCheck, type AddressCheck } from './address-check';
import { toCheckoutAnswer, type CheckoutAnswer } from './checkout';
import { parseOrderInvoice, type OrderInvoice } from './receipt';
import { toGuestRecord, type GuestRecord } from './guest';
import { toShippingAnswer, type ShippingAnswer } from './shipping';
import { toLineCount, toPartLookup } from './part-lookup';
import { readOrders, type OrderRecord } from './orders';
import { toEncodedOrderNumber, toRatingGreeting, type RatingGreeting } from './rating';
import { toSessionTokens, toSignedIn, type SessionTokens, type SignedIn } from './session';
import { toTracking, type Tracking } from './tracking';
import { errorText } from '~/lib/api/errors';
import { toUserRecord, type UserRecord } from './user';
import { toWarehouseStatus, type WarehouseStatus } from './warehouse';

import { answerNotRead, endpoint, readable } from './endpoint';

/**
 * Every store-API call of this front end: both spec documents and store-api/README.md, nothing
 * else. Each call is its own export, so a browser bundle carries only the calls it makes; `import * as ENDPOINTS` reads them as one table: the proxy allowlist is the entries with `proxy`; the contract test checks every entry
 * against the reference API's routes.
 */
// Catalogue and basket
export const basketGet = /* @__PURE__ */ endpoint<Basket>({
  method: 'GET',
  path: 'a/basket/{basketNum}',
  flag: 'basketGet',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toBasket),
});
export const basketLanguageSet = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'a/basket/{basketNum}',
  flag: 'basketLanguage',
  proxy: 'plain',
  decode: answerNotRead,
});
export const basketDestroy = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: 'a/basket/{basketNum}',
  flag: 'basketDestroy',
  proxy: 'plain',
  decode: answerNotRead,
});
export const basketCreate = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'a/basket',
  flag: 'basketCreate',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toBasketNumber),
});
export const basketBulkAdd = /* @__PURE__ */ endpoint<BulkAddAnswer>({
  method: 'POST',
  path: 'a/basket/bulk',
  flag: 'basketBulkAdd',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toBulkAddAnswer),
});
export const basketAdopt = /* @__PURE__ */ endpoint<string>({
  method: 'POST',
  path: 'a/basket/{basketNum}/adopt',
  flag: 'basketAdopt',
  decode: /* @__PURE__ */ readable(toBasketNumber),
});
/** Answers the basket number the product went into. */
export const basketItemAdd = /* @__PURE__ */ endpoint<string>({
  method: 'POST',
  path: 'a/item/{productId}/{qty}',
  flag: 'basketItemAdd',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toBasketNumber),
});
/** Answers the whole basket after the change. */
export const basketItemUpdate = /* @__PURE__ */ endpoint<Basket>({
  method: 'PATCH',
  path: 'a/item/{productId}/{qty}',
  flag: 'basketItemUpdate',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toBasket),
});
export const productsSuggest = /* @__PURE__ */ endpoint<Suggestion[]>({
  method: 'GET',
  path: 'v2/suggest/products',
  flag: 'suggestProducts',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toSuggestions),
});
/** Made by the server's batch lookup of bulk add (POST /api/bulk-lookup/), not through the proxy. */
export const partLookup = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: 'v2/group/{mfgAccountId}/{sku}',
  flag: 'bulkLookup',
  decode: toPartLookup,
});
/**
 * The site's own batch lookup of bulk add (features/bulk-add/bulk-add.server.ts), not a store-API
 * route: it streams one line a part (`toFoundLine`) and comes to how many lines arrived.
 */
export const bulkLookup = /* @__PURE__ */ endpoint<number>({
  method: 'POST',
  path: 'bulk-lookup',
  flag: 'bulkLookup',
  site: true,
  decode: toLineCount,
});
/** The cart's second source of its lines: the SKUs of its order lines. */
export const graphql = /* @__PURE__ */ endpoint<string[]>({
  method: 'POST',
  path: 'graphql',
  flag: 'cartGraph',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toGraphCartSkus),
});
export const addressValidate = /* @__PURE__ */ endpoint<AddressCheck>({
  method: 'POST',
  path: 'v2/address/validate',
  flag: 'addressValidate',
  proxy: 'plain',
  decode: toAddressCheck,
});
// Session and account: sign-in, refresh and logout are the server's own calls (the session actions, the page guard)
export const login = /* @__PURE__ */ endpoint<SignedIn>({
  method: 'POST',
  path: 'v2/auth/login',
  flag: 'userAuthLogin',
  decode: /* @__PURE__ */ readable(toSignedIn),
});
export const refresh = /* @__PURE__ */ endpoint<SessionTokens>({
  method: 'POST',
  path: 'v2/auth/refresh',
  flag: 'userAuthRefresh',
  decode: /* @__PURE__ */ readable(toSessionTokens),
});
export const logout = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'v2/auth/logout',
  flag: 'userAuthLogout',
  decode: answerNotRead,
});
export const userGet = /* @__PURE__ */ endpoint<UserRecord>({
  method: 'GET',
  path: 'a/user/',
  flag: 'userGet',
  auth: true,
  proxy: 'plain',
  decode: toUserRecord,
});
export const userEmailChange = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: 'a/user/email',
  flag: 'userEmailChange',
  auth: true,
  decode: answerNotRead,
});
export const userPasswordChange = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: 'a/user/password',
  flag: 'userPasswordChange',
  auth: true,
  decode: answerNotRead,
});
export const userPasswordReset = /* @__PURE__ */ endpoint<string>({
  method: 'POST',
  path: 'a/user/password',
  flag: 'userPasswordReset',
  decode: errorText,
});
export const subscriberAdd = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'v2/customers/subscribers',
  flag: 'subscriberAdd',
  decode: answerNotRead,
});
export const customerAdd = /* @__PURE__ */ endpoint<SignedIn | null>({
  method: 'POST',
  path: 'v2/customers',
  flag: 'customerAdd',
  decode: toSignedIn,
});
export const customerUpdate = /* @__PURE__ */ endpoint<SignedIn | null>({
  method: 'PATCH',
  path: 'v2/customers',
  flag: 'customerUpdate',
  auth: true,
  decode: toSignedIn,
});
export const guestGet = /* @__PURE__ */ endpoint<GuestRecord>({
  method: 'GET',
  path: 'a/guest/{basketNum}',
  flag: 'guestGet',
  proxy: 'guest',
  decode: /* @__PURE__ */ readable(toGuestRecord),
});
export const guestPost = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'a/guest/{basketNum}',
  flag: 'guestPost',
  decode: answerNotRead,
});
// Checkout and orders
export const customerShipping = /* @__PURE__ */ endpoint<ShippingAnswer>({
  method: 'POST',
  path: 'a/user/shipping/{basketNum}',
  flag: 'shipping',
  auth: true,
  purchase: true,
  proxy: 'plain',
  decode: toShippingAnswer,
});
export const guestShipping = /* @__PURE__ */ endpoint<ShippingAnswer>({
  method: 'POST',
  path: 'a/shipping/{basketNum}',
  flag: 'shipping',
  purchase: true,
  proxy: 'plain',
  decode: toShippingAnswer,
});
export const customerCheckout = /* @__PURE__ */ endpoint<CheckoutAnswer>({
  method: 'POST',
  path: 'a/user/checkout/{basketNum}',
  flag: 'customerCheckout',
  auth: true,
  purchase: true,
  proxy: 'plain',
  decode: toCheckoutAnswer,
});
export const guestCheckout = /* @__PURE__ */ endpoint<CheckoutAnswer>({
  method: 'POST',
  path: 'a/checkout/{basketNum}',
  flag: 'guestCheckout',
  purchase: true,
  proxy: 'plain',
  decode: toCheckoutAnswer,
});
export const walletApprove = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: 'paypal/approve/{token}',
  flag: 'walletApprove',
  purchase: true,
  proxy: 'plain',
  decode: answerNotRead,
});
export const walletConfirm = /* @__PURE__ */ endpoint<CheckoutAnswer>({
  method: 'POST',
  path: 'a/paypal/{token}',
  flag: 'walletConfirm',
  purchase: true,
  proxy: 'plain',
  decode: toCheckoutAnswer,
});
export const ordersHistory = /* @__PURE__ */ endpoint<OrderRecord[]>({
  method: 'GET',
  path: 'v2/orders/history',
  flag: 'ordersHistory',
  auth: true,
  proxy: 'plain',
  decode: readOrders,
});
/**
 * Made by the lookup's action (actions/orders.ts), not through the proxy: the e-mail it needs
 * travels in a form's body, never in an address of this site.
 */
export const ordersGuestLookup = /* @__PURE__ */ endpoint<OrderRecord[]>({
  method: 'GET',
  path: 'v2/orders/history/guest',
  flag: 'ordersGuestLookup',
  decode: readOrders,
});
/** One of the customer's orders as its invoice: the history's price breakdown and the invoice page (store-api/README.md). */
export const orderInvoice = /* @__PURE__ */ endpoint<OrderInvoice>({
  method: 'GET',
  path: 'v2/orders/{orderNoDisplay}/invoice',
  flag: 'orderInvoice',
  auth: true,
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(parseOrderInvoice),
});
/** Made by the cancel action (actions/orders.ts), which both the history's form and its island post to. */
export const orderCancel = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: 'v2/orders/{orderNoDisplay}',
  flag: 'ordersCancel',
  auth: true,
  decode: answerNotRead,
});
export const warehouseStatus = /* @__PURE__ */ endpoint<WarehouseStatus>({
  method: 'GET',
  path: 'v2/reports/warehouse-status',
  flag: 'warehouseStatus',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toWarehouseStatus),
});
export const trackingGet = /* @__PURE__ */ endpoint<Tracking>({
  method: 'GET',
  path: 'a/tracking/{trackingNumber}',
  flag: 'tracking',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toTracking),
});
export const ratingGet = /* @__PURE__ */ endpoint<RatingGreeting | null>({
  method: 'GET',
  path: 'admin/public/rate_merchant/{orderNoEnc}',
  flag: 'ratingGet',
  proxy: 'plain',
  decode: toRatingGreeting,
});
export const ratingPost = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'admin/public/rate_merchant/{orderNoEnc}',
  flag: 'ratingPost',
  proxy: 'plain',
  decode: answerNotRead,
});
export const orderNumberEncode = /* @__PURE__ */ endpoint<string | null>({
  method: 'GET',
  path: 'admin/public/rate_merchant/order-no-encode/{orderNo}',
  flag: 'orderNumberEncode',
  decode: toEncodedOrderNumber,
});
// Widgets and sinks
export const chatWidget = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: 'chat/widget.js',
  flag: 'chatWidget',
  proxy: 'plain',
  decode: answerNotRead,
});
export const analytics = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'analytics',
  flag: 'analytics',
  proxy: 'plain',
  decode: answerNotRead,
});
