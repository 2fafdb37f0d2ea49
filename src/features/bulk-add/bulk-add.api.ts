import type { BulkAddAnswer } from '~/lib/store-api/basket';
import { call } from '~/lib/api/client';
import * as ENDPOINTS from '~/lib/store-api/endpoints/basket';
import { toFoundLine, type FoundLine, type FoundProduct } from '~/lib/store-api/found-line';
import type { Result } from '~/lib/store-api/result';
import type { StoreId } from '~/stores';
import { lineSplitter } from './bulk-add';

/** The batch lookup of parts and the one-request bulk add of the store API (store-api/README.md). */

export type { FoundLine, FoundProduct };

/** Bulk add's own flag for a search: a newer search cancels the one before it. */
export const LOOKUP_FLAG = ENDPOINTS.bulkLookup.flag;

/**
 * Looks parts up in one request; `onLines` hears the lines of each arriving chunk (the parts'
 * answers in the order asked, from index `first` on) as the answer streams in. The result is how
 * many lines came: fewer than asked when the answer was cut off. A call under the search's flag
 * cancels the search before it.
 */
export function lookupParts(
  mfgAccountId: number,
  parts: readonly string[],
  onLines: (lines: FoundLine[], first: number) => void,
  flag: string = LOOKUP_FLAG,
): Promise<Result<number>> {
  return call(ENDPOINTS.bulkLookup, {
    flag,
    data: { mfg: mfgAccountId, parts },
    headers: { accept: 'application/x-ndjson' },
    ...(flag === LOOKUP_FLAG ? {} : { allowMultiple: true }),
    read: async (response) => {
      let count = 0;
      const split = lineSplitter();
      const reader = (response.body ?? new Blob().stream()).pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return count;
        // One update per chunk, not per line: the list re-renders once for all the chunk brought.
        const lines = split(value).map(toFoundLine);
        if (lines.length === 0) continue;
        onLines(lines, count);
        count += lines.length;
      }
    },
  });
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
