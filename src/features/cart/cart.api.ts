import { request } from '~/lib/api/client';
import type { Basket, Suggestion } from './cart.types';

export function fetchBasket(basketNum: string) {
  return request<Basket>({ flag: 'basketGet', url: `a/basket/${encodeURIComponent(basketNum)}`, noCache: true, allowMultiple: true });
}

/** Quantity 0 removes the line; each product has its own flag so edits of different lines never cancel each other. */
export function updateItem(basketNum: string, productId: number, quantity: number) {
  return request<Basket & { BASKETNUM: string }>({
    flag: `basketItemUpdate${productId}`,
    url: `a/item/${productId}/${quantity}`,
    method: 'PATCH',
    data: { basketNum },
  });
}

export function addItem(basketNum: string | undefined, productId: number, quantity: number, storeId: string) {
  return request<{ BASKETNUM: string }>({
    flag: `basketItemAdd${productId}`,
    url: `a/item/${productId}/${quantity}`,
    method: 'POST',
    params: { basketNum, store_id: storeId },
  });
}

export function fetchSuggestions(basketNum: string, groupMenuId: number | undefined) {
  return request<Suggestion[]>({ flag: 'suggestProducts', url: 'v2/suggest/products', params: { basketnum: basketNum, group_menu_id: groupMenuId } });
}

interface GraphCart {
  data?: { cart?: { orderLines?: { product?: { sku?: string } }[] } | null };
}

export function fetchGraphCart(basketNum: string) {
  return request<GraphCart>({
    flag: 'cartGraph',
    url: 'graphql',
    method: 'POST',
    data: { query: 'query Cart($basketNum: String!) { cart(basketNum: $basketNum) { orderLines { product { sku } } } }', variables: { basketNum } },
  });
}
