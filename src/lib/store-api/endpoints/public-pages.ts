import { toEncodedOrderNumber, toRatingGreeting, type RatingGreeting } from '../rating';
import { toTracking, type Tracking } from '../tracking';
import { answerNotRead, endpoint, readable } from '../endpoint';

/** The public pages' calls: tracking and rating. */
// Only the tracking page asks, under its per-visitor look-up limit; not proxied, so no way round it.
export const trackingGet = /* @__PURE__ */ endpoint<Tracking>({
  method: 'GET',
  path: 'a/tracking/{trackingNumber}',
  flag: 'tracking',
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
