import { toCheckoutAnswer, type CheckoutAnswer } from '../checkout';
import { toShippingAnswer, type ShippingAnswer } from '../shipping';
import { answerNotRead, endpoint } from '../endpoint';

/** Shipping, checkout and the wallet. */
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
  placesOrder: true,
  proxy: 'plain',
  decode: toCheckoutAnswer,
});
export const guestCheckout = /* @__PURE__ */ endpoint<CheckoutAnswer>({
  method: 'POST',
  path: 'a/checkout/{basketNum}',
  flag: 'guestCheckout',
  purchase: true,
  placesOrder: true,
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
/** Made by payment success on the server, when the wallet sends the shopper back (not through the proxy). */
export const walletConfirm = /* @__PURE__ */ endpoint<CheckoutAnswer>({
  method: 'POST',
  path: 'a/paypal/{token}',
  flag: 'walletConfirm',
  purchase: true,
  decode: toCheckoutAnswer,
});
