import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PRODUCT_IDS } from '~/features/dev/dev';
import { parseBulkText } from '~/features/bulk-add/bulk-add';
import { stores } from '~/stores';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface FoundProduct {
  product_id: number;
  base_price: number;
  ship_class: string;
  customer_can_buy: number;
}

/** What the interface and the README offer a shopper to try must be there to buy in that store. */
describe('examples shown to shoppers exist in the reference catalogue of their store', () => {
  for (const store of Object.values(stores)) {
    it(`${store.id}: each bulk-add example part is found under the default manufacturer and can be bought`, async () => {
      const { lines, unreadable } = parseBulkText(store.examplePartNumbers.join('\n'));
      expect(unreadable).toEqual([]);
      expect(lines).toHaveLength(store.examplePartNumbers.length);
      for (const line of lines) {
        const answer = await api.call(
          'GET',
          `/v2/group/${store.defaultBulkManufacturer}/${encodeURIComponent(line.sku)}?store_id=${store.id}`,
        );
        const [product] = (answer.body as { products: FoundProduct[] }).products;
        expect(product, `${store.id} ${line.sku}`).toBeDefined();
        expect(product?.base_price).toBeGreaterThan(0);
        expect(product?.customer_can_buy).toBe(1);
        expect(product?.ship_class).not.toBe('never');
      }
    });

    it(`${store.id}: the sample products can be added to a basket of the store`, async () => {
      for (const productId of SAMPLE_PRODUCT_IDS[store.id]) {
        const added = await api.call('POST', `/a/item/${productId}/1?store_id=${store.id}`);
        expect(added.status, `${store.id} ${productId}`).toBe(200);
      }
    });
  }
});
