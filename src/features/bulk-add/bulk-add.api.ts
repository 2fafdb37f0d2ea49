import type { ApiResult } from '~/lib/api/client';
import { send } from '~/lib/store-api/browser';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { StoreId } from '~/stores';

/** Catalogue lookups and the one-request bulk add of the store API (store-api/README.md). */

export interface FoundProduct {
  product_id: number;
  sku: string;
  name: string;
  description?: string;
  base_price: number;
  /** The price the cart charges (may carry fractions of a cent); absent: the base price. */
  pricediscounted?: number;
  ship_class: string;
  customer_can_buy: boolean | number;
  sm_image?: string | null;
  mfg_account_id?: number;
}

export interface BulkAddAnswer {
  BASKETNUM: string;
  results: { product_id: number; SUCCESS: boolean; message?: string }[];
}

export function lookupPart(
  mfgAccountId: number,
  sku: string,
  storeId: StoreId,
): Promise<ApiResult<{ products?: FoundProduct[] }>> {
  return send(ENDPOINTS.partLookup, {
    params: { mfgAccountId, sku },
    query: { store_id: storeId },
    // Many lookups run side by side; none may cancel another.
    allowMultiple: true,
  }) as Promise<ApiResult<{ products?: FoundProduct[] }>>;
}

export function addBulk(
  basketNum: string | undefined,
  storeId: StoreId,
  items: readonly { product_id: number; quantity: number }[],
): Promise<ApiResult<BulkAddAnswer>> {
  return send(ENDPOINTS.basketBulkAdd, {
    data: { ...(basketNum ? { basketNum } : {}), store_id: storeId, items },
  }) as Promise<ApiResult<BulkAddAnswer>>;
}
