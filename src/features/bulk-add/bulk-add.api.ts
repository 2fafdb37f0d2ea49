import { request, type ApiResult } from '~/lib/api/client';
import type { BulkAddAnswer } from '~/lib/store-api/basket';
import { call } from '~/lib/store-api/browser';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { Cents } from '~/lib/money';
import type { Result } from '~/lib/store-api/result';
import type { StoreId } from '~/stores';
import { lineSplitter, type LookupLine } from './bulk-add';

/** The batch lookup of parts and the one-request bulk add of the store API (store-api/README.md). */

export interface FoundProduct {
  product_id: number;
  sku: string;
  name: string;
  base_price: Cents;
  /** The whole cents the cart charges a unit; null when the store's unit price has fractions of a cent. */
  unit: Cents | null;
  ship_class: string;
  customer_can_buy: boolean | number;
  sm_image?: string | null;
  mfg_account_id?: number;
}

/** The site's batch lookup (features/bulk-add/bulk-add.server.ts), below /api/. */
export const BULK_LOOKUP_URL = 'bulk-lookup';
export const LOOKUP_FLAG = 'bulkLookup';

/**
 * Looks parts up in one request; `onLines` hears the lines of each arriving chunk (the parts'
 * answers in the order asked, from index `first` on) as the answer streams in. The result's body is
 * how many lines came: fewer than asked when the answer was cut off. A call under the search's
 * flag cancels the search before it.
 */
export function lookupParts(
  mfgAccountId: number,
  parts: readonly string[],
  onLines: (lines: LookupLine<FoundProduct>[], first: number) => void,
  flag: string = LOOKUP_FLAG,
): Promise<ApiResult<number>> {
  return request<number>(
    {
      flag,
      url: BULK_LOOKUP_URL,
      method: 'POST',
      data: { mfg: mfgAccountId, parts },
      headers: { accept: 'application/x-ndjson' },
      allowMultiple: flag !== LOOKUP_FLAG,
    },
    async (response) => {
      let count = 0;
      const split = lineSplitter();
      const reader = (response.body ?? new Blob().stream()).pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return count;
        // One update per chunk, not per line: the list re-renders once for all the chunk brought.
        const lines = split(value).map((line) => JSON.parse(line) as LookupLine<FoundProduct>);
        if (lines.length === 0) continue;
        onLines(lines, count);
        count += lines.length;
      }
    },
  );
}

export function addBulk(
  basketNum: string | undefined,
  storeId: StoreId,
  items: readonly { product_id: number; quantity: number }[],
): Promise<Result<BulkAddAnswer>> {
  return call(ENDPOINTS.basketBulkAdd, {
    data: { ...(basketNum ? { basketNum } : {}), store_id: storeId, items },
  });
}
