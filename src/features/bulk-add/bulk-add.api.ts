import { request } from '~/lib/api/client';

export interface FoundProduct {
  product_id: number;
  sku: string;
  name: string;
  base_price: number;
  ship_class: string;
  customer_can_buy: number | boolean;
  sm_image?: string | null;
  mfg_account_id: number;
}

export function lookupPart(mfgAccountId: number, sku: string, storeId: string) {
  return request<{ products?: FoundProduct[] }>({
    flag: `bulkLookup${sku}`,
    url: `v2/group/${mfgAccountId}/${encodeURIComponent(sku)}`,
    params: { store_id: storeId },
    allowMultiple: true,
  });
}

export function bulkAdd(basketNum: string | undefined, storeId: string, items: { product_id: number; quantity: number }[]) {
  return request<{ BASKETNUM: string; results: { product_id: number; SUCCESS: boolean; message?: string }[] }>({
    flag: 'basketBulkAdd',
    url: 'a/basket/bulk',
    method: 'POST',
    data: { basketNum, store_id: storeId, items },
    allowMultiple: true,
  });
}
