import type { Basket, Suggestion } from '~/lib/store-api/basket';
import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints/basket';
import type { Result } from '~/lib/store-api/result';

/** The calls only the cart makes; kept beside it so other islands' pages do not load them. */

export function getSuggestions(
  basketNum: string,
  groupMenuId: number | string | undefined,
): Promise<Result<Suggestion[]>> {
  return call(ENDPOINTS.productsSuggest, { query: { basketnum: basketNum, group_menu_id: groupMenuId } });
}

/** Quantity 0 removes the line; each product has its own flag so edits of different lines never cancel each other. */
export function updateBasketItem(basketNum: string, productId: number, quantity: number): Promise<Result<Basket>> {
  return call(ENDPOINTS.basketItemUpdate, {
    params: { productId, qty: quantity },
    flag: `${ENDPOINTS.basketItemUpdate.flag}${productId}`,
    data: { basketNum },
  });
}

/** Answers the basket number the product went into. */
export function addBasketItem(
  basketNum: string | undefined,
  productId: number,
  quantity: number,
  storeId: string,
): Promise<Result<string>> {
  return call(ENDPOINTS.basketItemAdd, {
    params: { productId, qty: quantity },
    flag: `${ENDPOINTS.basketItemAdd.flag}${productId}`,
    query: { basketNum, store_id: storeId },
  });
}

/** The second source of the cart's lines (GraphQL): their SKUs, to compare with the basket. */
export function getGraphCart(basketNum: string): Promise<Result<string[]>> {
  return call(ENDPOINTS.graphql, {
    data: {
      query: 'query Cart($basketNum: String!) { cart(basketNum: $basketNum) { orderLines { product { sku } } } }',
      variables: { basketNum },
    },
  });
}
