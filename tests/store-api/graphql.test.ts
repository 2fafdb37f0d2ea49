import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { anyString, getBasket, newBasket, productWhere } from './fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const ORDER_FIELDS = `id name taxTotals { name amount } amountUntaxed amountTax amountTotal amountSubtotal amountDiscounts currencyRate stage orderUrl basketNum
  orderLines { id name quantity priceUnit priceSubtotal priceTotal priceTax shopWarning
    product { displayName id name isInStock productUrl sku supplierDaysDelayed thumbnail supplierInventory { supplier { name } } } }`;

interface Line {
  id: number;
  quantity: number;
  priceSubtotal: number;
  shopWarning: string | null;
  product: {
    id: number;
    sku: string;
    isInStock: boolean;
    supplierDaysDelayed: number;
    supplierInventory: { supplier: { name: string } }[];
  };
}
interface CartOrder {
  basketNum: string;
  amountSubtotal: number;
  amountTotal: number;
  amountTax: number;
  stage: string;
  orderLines: Line[];
}

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/graphql', { body: { query, variables } });
  return res as { status: number; body: { data?: Record<string, CartOrder | null>; errors?: { message: string }[] } };
}

const cart = async (basketNum: string) =>
  (await gql(`query ($b: String!) { cart(basketNum: $b) { ${ORDER_FIELDS} } }`, { b: basketNum })).body.data?.['cart'];

describe('GraphQL cart source', () => {
  it('answers the cart with every field of the spec', async () => {
    const num = await newBasket(api, 1374449, 2);
    const order = await cart(num);
    expect(order).toMatchObject({
      basketNum: num,
      stage: 'draft',
      amountSubtotal: 116.92,
      amountTotal: 116.92,
      amountTax: 0,
      currencyRate: 1,
    });
    expect(order?.orderLines[0]).toMatchObject({
      quantity: 2,
      priceSubtotal: 116.92,
      shopWarning: null,
      product: {
        id: 1374449,
        sku: '0437512',
        isInStock: true,
        supplierDaysDelayed: 0,
        supplierInventory: [{ supplier: { name: anyString } }],
      },
    });
  });

  it('answers null for an unknown basket and an error for a bad query', async () => {
    expect((await gql('{ cart(basketNum: "nope") { id } }')).body.data).toEqual({ cart: null });
    const bad = await gql('{ cart { id } }');
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.errors?.length).toBeGreaterThan(0);
  });

  it('warns on a line above inventory and shows supplier delays', async () => {
    const id = productWhere(
      api,
      "base_price > 0 AND customer_can_buy = 1 AND ship_class = 'possible_delays' AND inventory < 3 AND supplier_days_delayed > 0 AND store_id = 'marine'",
    );
    const num = await newBasket(api, id, 9);
    const [line] = (await cart(num))?.orderLines ?? [];
    expect(line?.shopWarning).toBe('The quantity requested exceeds our inventory');
    expect(line?.product.isInStock).toBe(false);
    expect(line?.product.supplierDaysDelayed).toBeGreaterThan(0);
  });

  it('updates, removes and clears lines', async () => {
    const num = await newBasket(api, 1374449, 1);
    await api.call('POST', `/a/item/2043/1?basketNum=${num}`);
    const [first, second] = (await cart(num))?.orderLines ?? [];
    const updated = await gql(
      `mutation ($b: String!, $l: Int!) { cartUpdateItem(basketNum: $b, lineId: $l, quantity: 5) { orderLines { id quantity } } }`,
      { b: num, l: first?.id },
    );
    expect(updated.body.data?.['cartUpdateItem']?.orderLines).toContainEqual({ id: first?.id, quantity: 5 });
    const removed = await gql(
      `mutation ($b: String!, $l: Int!) { cartRemoveItem(basketNum: $b, lineId: $l) { orderLines { id } } }`,
      { b: num, l: second?.id },
    );
    expect(removed.body.data?.['cartRemoveItem']?.orderLines).toEqual([{ id: first?.id }]);
    const cleared = await gql(`mutation ($b: String!) { cartClear(basketNum: $b) { orderLines { id } amountTotal } }`, {
      b: num,
    });
    expect(cleared.body.data?.['cartClear']).toEqual({ orderLines: [], amountTotal: 0 });
    expect((await getBasket(api, num)).BASKET).toEqual([]);
  });

  it('answers a readable error for an unknown line or a bad quantity', async () => {
    const num = await newBasket(api);
    const missing = await gql(`mutation ($b: String!) { cartRemoveItem(basketNum: $b, lineId: 987654) { id } }`, {
      b: num,
    });
    expect(missing.body.errors?.[0]?.message).toBe('line not found');
    const [line] = (await cart(num))?.orderLines ?? [];
    const negative = await gql(
      `mutation ($b: String!, $l: Int!) { cartUpdateItem(basketNum: $b, lineId: $l, quantity: -1) { id } }`,
      { b: num, l: line?.id },
    );
    expect(negative.body.errors?.[0]?.message).toMatch(/^quantity: /);
    const gone = await gql(`mutation { cartClear(basketNum: "nope") { id } }`);
    expect(gone.body.errors?.[0]?.message).toBe('basket not found');
  });

  it('agrees with REST after mixed edits', async () => {
    const num = await newBasket(api, 1374449, 1);
    await api.call('POST', `/a/item/2043/3?basketNum=${num}`);
    await api.call('POST', `/a/item/15732/2?basketNum=${num}`);
    const lines = (await cart(num))?.orderLines ?? [];
    await gql(`mutation ($b: String!, $l: Int!) { cartUpdateItem(basketNum: $b, lineId: $l, quantity: 7) { id } }`, {
      b: num,
      l: lines[1]?.id,
    });
    await api.call('PATCH', '/a/item/15732/0', { body: { basketNum: num } });
    await gql(`mutation ($b: String!, $l: Int!) { cartUpdateItem(basketNum: $b, lineId: $l, quantity: 4) { id } }`, {
      b: num,
      l: lines[0]?.id,
    });
    await api.call('POST', `/a/item/15732/1?basketNum=${num}`);
    const rest = await getBasket(api, num);
    const order = await cart(num);
    expect(order?.orderLines.map((l) => [l.product.sku, l.quantity])).toEqual(
      rest.BASKET.map((item) => [item.sku, item.quantity]),
    );
    expect(order?.orderLines.map((l) => l.id)).toEqual(rest.BASKET.map((item) => item.line_id));
    expect(order?.amountSubtotal).toBe(rest.ORDER.subtotal);
    expect(order?.amountTotal).toBe(rest.ORDER.orderTotal);
    expect(rest.BASKET.map((item) => [item.product_id, item.quantity])).toEqual([
      [1374449, 4],
      [2043, 7],
      [15732, 1],
    ]);
  });
});
