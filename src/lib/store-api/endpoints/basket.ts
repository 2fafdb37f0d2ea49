import {
  toBasket,
  toBasketNumber,
  toBulkAddAnswer,
  toGraphCartSkus,
  toSuggestions,
  type Basket,
  type BulkAddAnswer,
  type Suggestion,
} from '../basket';
import { toAddressCheck, type AddressCheck } from '../address-check';
import { toLineCount, toPartLookup } from '../part-lookup';
import { toWarehouseStatus, type WarehouseStatus } from '../warehouse';
import { answerNotRead, endpoint, readable } from '../endpoint';

/** The catalogue, its stock and the basket. */
export const basketGet = /* @__PURE__ */ endpoint<Basket>({
  method: 'GET',
  path: 'a/basket/{basketNum}',
  flag: 'basketGet',
  proxy: 'basket',
  decode: /* @__PURE__ */ readable(toBasket),
});
export const basketLanguageSet = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'a/basket/{basketNum}',
  flag: 'basketLanguage',
  proxy: 'basket',
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
  proxy: 'basket',
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
  proxy: 'basket',
  decode: /* @__PURE__ */ readable(toBasketNumber),
});
/** Answers the whole basket after the change. */
export const basketItemUpdate = /* @__PURE__ */ endpoint<Basket>({
  method: 'PATCH',
  path: 'a/item/{productId}/{qty}',
  flag: 'basketItemUpdate',
  proxy: 'basket',
  decode: /* @__PURE__ */ readable(toBasket),
});
export const productsSuggest = /* @__PURE__ */ endpoint<Suggestion[]>({
  method: 'GET',
  path: 'v2/suggest/products',
  flag: 'suggestProducts',
  proxy: 'basket',
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
  proxy: 'basket',
  decode: /* @__PURE__ */ readable(toGraphCartSkus),
});
export const addressValidate = /* @__PURE__ */ endpoint<AddressCheck>({
  method: 'POST',
  path: 'v2/address/validate',
  flag: 'addressValidate',
  proxy: 'plain',
  decode: toAddressCheck,
});
export const warehouseStatus = /* @__PURE__ */ endpoint<WarehouseStatus>({
  method: 'GET',
  path: 'v2/reports/warehouse-status',
  flag: 'warehouseStatus',
  proxy: 'plain',
  decode: /* @__PURE__ */ readable(toWarehouseStatus),
});
