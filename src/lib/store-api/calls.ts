import type { ApiResult } from '~/lib/api/client';
import type { Basket, Suggestion } from './basket';
import { call, send } from './browser';
import { ENDPOINTS } from './endpoints';
import type { GuestRecord } from './guest';
import type { Result } from './result';
import type { UserRecord } from './user';

/** The store-API calls the islands make, by name; the table says how each is sent and read. */

/** A screen may share one flag between its loads (a newer one cancels the earlier). */
interface Grouping {
  flag?: string;
  allowMultiple?: boolean;
}

export function getBasket(basketNum: string, grouping: Grouping = {}): Promise<Result<Basket>> {
  return call(ENDPOINTS.basketGet, { params: { basketNum }, noCache: true, ...grouping });
}

export function getUser(grouping: Grouping = {}): Promise<Result<UserRecord>> {
  return call(ENDPOINTS.userGet, { noCache: true, ...grouping });
}

/** Guest authorization: the guest record of the basket. */
export function getGuest(basketNum: string, grouping: Grouping = {}): Promise<Result<GuestRecord>> {
  return call(ENDPOINTS.guestGet, { params: { basketNum }, noCache: true, ...grouping });
}

/** The order's language is the page's: confirmations are mailed in it. */
export function setBasketLanguage(basketNum: string, languageId: string): Promise<Result<unknown>> {
  return call(ENDPOINTS.basketLanguageSet, { params: { basketNum }, query: { basketNum, language_id: languageId } });
}

export function getSuggestions(basketNum: string, groupMenuId: number | string | undefined): Promise<Result<Suggestion[]>> {
  return call(ENDPOINTS.productsSuggest, { query: { basketnum: basketNum, group_menu_id: groupMenuId } });
}

/** Quantity 0 removes the line; each product has its own flag so edits of different lines never cancel each other. */
export function updateBasketItem(basketNum: string, productId: number, quantity: number): Promise<ApiResult<unknown>> {
  return send(ENDPOINTS.basketItemUpdate, {
    params: { productId, qty: quantity },
    flag: `${ENDPOINTS.basketItemUpdate.flag}${productId}`,
    data: { basketNum },
  });
}

export function addBasketItem(basketNum: string | undefined, productId: number, quantity: number, storeId: string): Promise<ApiResult<unknown>> {
  return send(ENDPOINTS.basketItemAdd, {
    params: { productId, qty: quantity },
    flag: `${ENDPOINTS.basketItemAdd.flag}${productId}`,
    query: { basketNum, store_id: storeId },
  });
}

interface GraphCart {
  data?: { cart?: { orderLines?: { product?: { sku?: string } }[] } | null };
}

/** The second source of the cart's lines (GraphQL), to compare with the basket. */
export function getGraphCart(basketNum: string): Promise<ApiResult<GraphCart>> {
  return send(ENDPOINTS.graphql, {
    data: { query: 'query Cart($basketNum: String!) { cart(basketNum: $basketNum) { orderLines { product { sku } } } }', variables: { basketNum } },
  }) as Promise<ApiResult<GraphCart>>;
}
