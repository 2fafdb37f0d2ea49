import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { anyString, BUYABLE, getBasket, matching, newBasket, productWhere } from './fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('seeded catalogue', () => {
  it('holds thousands of marine and cycle parts across the spec manufacturers', () => {
    const db = api.api.ctx.db;
    const counts = db
      .prepare('SELECT store_id, COUNT(*) AS n FROM products GROUP BY store_id ORDER BY store_id')
      .all() as { store_id: string; n: number }[];
    expect(counts.find((c) => c.store_id === 'marine')?.n).toBeGreaterThanOrEqual(5000);
    expect(counts.find((c) => c.store_id === 'cycle')?.n).toBeGreaterThanOrEqual(1000);
    const makers = db
      .prepare("SELECT DISTINCT store_id || ':' || mfg_account_id AS m FROM products ORDER BY m")
      .all() as { m: string }[];
    expect(makers.map((row) => row.m)).toEqual([
      'cycle:10',
      'cycle:25',
      'marine:1',
      'marine:10',
      'marine:2',
      'marine:21',
      'marine:24',
    ]);
  });

  it('has every ship class, zero prices, unbuyable parts and supplier delays', () => {
    const db = api.api.ctx.db;
    const classes = (
      db.prepare('SELECT DISTINCT ship_class FROM products ORDER BY ship_class').all() as { ship_class: string }[]
    ).map((r) => r.ship_class);
    expect(classes).toEqual(['backordered', 'later', 'never', 'now', 'possible_delays', 'unknown']);
    expect(productWhere(api, 'base_price = 0')).toBeGreaterThan(0);
    expect(productWhere(api, 'customer_can_buy = 0')).toBeGreaterThan(0);
    expect(productWhere(api, 'supplier_days_delayed > 0')).toBeGreaterThan(0);
  });

  it('keeps the sample products purchasable', () => {
    const rows = api.api.ctx.db
      .prepare(
        'SELECT product_id, ship_class, inventory, mfg_account_id, base_price FROM products WHERE product_id IN (1374449, 2043, 15732)',
      )
      .all() as { ship_class: string; inventory: number; mfg_account_id: number; base_price: number }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.ship_class).toBe('now');
      expect(row.inventory).toBeGreaterThanOrEqual(20);
      expect([1, 10]).toContain(row.mfg_account_id);
      expect(row.base_price).toBeGreaterThan(0);
    }
  });

  it('is the same on every fresh database', async () => {
    const other = await startTestApi();
    const sample =
      'SELECT product_id, sku, name, base_price, ship_class FROM products WHERE product_id % 97 = 0 ORDER BY product_id';
    expect(other.api.ctx.db.prepare(sample).all()).toEqual(api.api.ctx.db.prepare(sample).all());
    await other.close();
  });
});

describe('basket items', () => {
  it('creates a basket with an unguessable number on the first add', async () => {
    const first = await api.call('POST', '/a/item/1374449/1');
    const second = await api.call('POST', '/a/item/1374449/1');
    expect(first).toMatchObject({ status: 200, body: { ADDITEM: { SUCCESS: true } } });
    const a = (first.body as { BASKETNUM: string }).BASKETNUM;
    const b = (second.body as { BASKETNUM: string }).BASKETNUM;
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
  });

  it('adds to an existing basket and sums quantities of the same product', async () => {
    const num = await newBasket(api, 2043, 1);
    expect((await api.call('POST', `/a/item/2043/2?basketNum=${num}`)).body).toEqual({
      BASKETNUM: num,
      ADDITEM: { SUCCESS: true },
    });
    expect((await api.call('POST', `/a/item/15732/1?basketNum=${num}&store_id=marine`)).status).toBe(200);
    const basket = await getBasket(api, num);
    expect(basket.BASKET.map((item) => [item.product_id, item.quantity])).toEqual([
      [2043, 3],
      [15732, 1],
    ]);
  });

  it('answers a basket with every item field of the spec', async () => {
    const num = await newBasket(api);
    const basket = await getBasket(api, num);
    expect(Object.keys(basket.BASKET[0] ?? {})).toEqual(
      expect.arrayContaining([
        'product_id',
        'sku',
        'description',
        'product_url',
        'ship_class',
        'quantity',
        'inventory',
        'pricediscounted',
        'extprice',
        'base_price',
        'saved_amount',
        'percentagesaved',
        'mfg_account_id',
        'customer_can_buy',
        'name',
        'eta',
        'sm_image',
        'in_group',
        'inBasket',
      ]),
    );
    expect(basket.ORDER).toMatchObject({ basketNum: num, shipping: 0, tax: 0, group_menu_id: 0 });
  });

  it('refuses a product with zero base price', async () => {
    const id = productWhere(api, "base_price = 0 AND store_id = 'marine'");
    expect(await api.call('POST', `/a/item/${id}/1`)).toMatchObject({
      status: 400,
      body: { message: 'Can not buy product with zero base price' },
    });
  });

  it('refuses ship_class never and products customers cannot buy', async () => {
    const never = productWhere(api, "base_price > 0 AND ship_class = 'never'");
    const blocked = productWhere(api, "base_price > 0 AND ship_class <> 'never' AND customer_can_buy = 0");
    const num = await newBasket(api);
    expect(await api.call('POST', `/a/item/${never}/1?basketNum=${num}`)).toMatchObject({
      status: 400,
      body: { message: 'Product is not available' },
    });
    expect(await api.call('POST', `/a/item/${blocked}/1?basketNum=${num}`)).toMatchObject({
      status: 400,
      body: { message: 'Product can not be bought' },
    });
    expect((await getBasket(api, num)).BASKET).toHaveLength(1);
  });

  it('refuses a product of the other store', async () => {
    const cycle = productWhere(api, `store_id = 'cycle' AND ${BUYABLE}`);
    const num = await newBasket(api);
    expect(await api.call('POST', `/a/item/${cycle}/1?basketNum=${num}`)).toMatchObject({
      status: 400,
      body: { message: 'Product is not sold in this store' },
    });
  });

  it('answers unknown products and baskets with 404 and bad paths with 400 naming the field', async () => {
    expect(await api.call('POST', '/a/item/999999999/1')).toMatchObject({
      status: 404,
      body: { message: 'product not found' },
    });
    expect(await api.call('POST', '/a/item/1374449/1?basketNum=nope')).toMatchObject({
      status: 404,
      body: { message: 'basket not found' },
    });
    expect(await api.call('GET', '/a/basket/nope')).toMatchObject({
      status: 404,
      body: { message: 'basket not found' },
    });
    expect(await api.call('POST', '/a/item/abc/1')).toMatchObject({
      status: 400,
      body: { message: matching(/^productId: /) },
    });
    expect(await api.call('POST', '/a/item/1374449/0')).toMatchObject({
      status: 400,
      body: { message: matching(/^qty: /) },
    });
    expect(await api.call('POST', '/a/item/1374449/1?store_id=moon')).toMatchObject({
      status: 400,
      body: { message: matching(/^store_id: /) },
    });
  });

  it('keeps a quantity above inventory and flags it', async () => {
    const id = productWhere(
      api,
      "base_price > 0 AND customer_can_buy = 1 AND ship_class = 'now' AND inventory BETWEEN 1 AND 5 AND store_id = 'marine'",
    );
    const num = await newBasket(api, id, 50);
    const [item] = (await getBasket(api, num)).BASKET;
    expect(item).toMatchObject({ product_id: id, quantity: 50, quantity_exceeds_inventory: true });
  });

  it('updates quantities with PATCH and removes a line with quantity 0', async () => {
    const num = await newBasket(api, 1374449, 1);
    await api.call('POST', `/a/item/2043/1?basketNum=${num}`);
    const updated = await api.call('PATCH', '/a/item/1374449/4', { body: { basketNum: num } });
    expect(updated.status).toBe(200);
    expect((updated.body as { BASKET: { product_id: number; quantity: number }[] }).BASKET).toContainEqual(
      expect.objectContaining({ product_id: 1374449, quantity: 4 }),
    );
    const removed = await api.call('PATCH', '/a/item/1374449/0', { body: { basketNum: num } });
    expect((removed.body as { BASKET: { product_id: number }[] }).BASKET.map((item) => item.product_id)).toEqual([
      2043,
    ]);
  });

  it('restores a removed line through PATCH and still checks the product', async () => {
    const num = await newBasket(api, 2043, 1);
    await api.call('PATCH', '/a/item/2043/0', { body: { basketNum: num } });
    expect((await api.call('PATCH', '/a/item/2043/3', { body: { basketNum: num } })).status).toBe(200);
    expect((await getBasket(api, num)).BASKET.map((item) => item.quantity)).toEqual([3]);
    const zero = productWhere(api, "base_price = 0 AND store_id = 'marine'");
    expect(await api.call('PATCH', `/a/item/${zero}/1`, { body: { basketNum: num } })).toMatchObject({
      status: 400,
      body: { message: 'Can not buy product with zero base price' },
    });
  });

  it('needs basketNum in the PATCH body', async () => {
    expect(await api.call('PATCH', '/a/item/2043/1', { body: {} })).toMatchObject({
      status: 400,
      body: { message: 'basketNum: required' },
    });
    expect((await api.call('PATCH', '/a/item/2043/1', { body: 'not json' })).status).toBe(400);
  });
});

describe('basket totals', () => {
  it('prices the catalogue in whole cents per unit', async () => {
    const num = await newBasket(api, 1374449, 3);
    const basket = await getBasket(api, num);
    expect(basket.BASKET[0]).toMatchObject({ pricediscounted: 58.46, extprice: 175.38 });
    const prices = api.api.ctx.db
      .prepare(
        'SELECT COUNT(*) AS n FROM products WHERE product_id < 990000 AND (ABS(ROUND(base_price * 100) - base_price * 100) > 1e-6 OR ABS(ROUND(price_discounted * 100) - price_discounted * 100) > 1e-6)',
      )
      .get() as { n: number };
    expect(prices.n).toBe(0);
  });

  it('rounds the subtotal of fractional line prices up to whole cents and adds shipping and tax', async () => {
    // The fixture 990001 costs 58.455 after discount: one is 58.455, a subtotal of 58.46.
    const num = await newBasket(api, 990001, 1);
    let basket = await getBasket(api, num);
    expect(basket.BASKET[0]?.extprice).toBe(58.455);
    expect(basket.ORDER.subtotal).toBe(58.46);
    expect(basket.ORDER.orderTotal).toBe(58.46);
    await api.call('POST', `/a/item/990002/1?basketNum=${num}`);
    basket = await getBasket(api, num);
    // 58.455 + 7.7425 = 66.1975 -> 66.20
    expect(basket.ORDER.subtotal).toBe(66.2);
    api.api.ctx.db.prepare('UPDATE baskets SET shipping = 12.5, tax = 3.31 WHERE basket_num = ?').run(num);
    basket = await getBasket(api, num);
    expect(basket.ORDER).toMatchObject({ subtotal: 66.2, shipping: 12.5, tax: 3.31, orderTotal: 82.01 });
  });

  it('lists the manufacturer delay notices of the store with the basket', async () => {
    const basket = await getBasket(api, await newBasket(api));
    expect(basket.ORDER.mfgDelays).toEqual(
      expect.arrayContaining([expect.objectContaining({ mfg: 2, url: matching(/^https:/) })]),
    );
  });
});

describe('basket language, create, bulk and destroy', () => {
  it('sets the basket language and refuses unknown languages', async () => {
    const num = await newBasket(api);
    expect(await api.call('POST', `/a/basket/${num}?basketNum=${num}&language_id=fr`)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await getBasket(api, num)).ORDER.language_id).toBe('fr');
    expect(await api.call('POST', `/a/basket/${num}?language_id=de`)).toMatchObject({
      status: 400,
      body: { message: matching(/^language_id: /) },
    });
    expect(await api.call('POST', `/a/basket/${num}`)).toMatchObject({
      status: 400,
      body: { message: 'language_id: required' },
    });
    expect((await api.call('POST', '/a/basket/nope?language_id=es')).status).toBe(404);
  });

  it('creates a basket with one product', async () => {
    const res = await api.call('POST', '/a/basket', { body: { product_id: 2043, qty: 2 } });
    expect(res.status).toBe(200);
    const num = (res.body as { BASKETNUM: string }).BASKETNUM;
    expect((await getBasket(api, num)).BASKET.map((item) => item.quantity)).toEqual([2]);
    const zero = productWhere(api, "base_price = 0 AND store_id = 'marine'");
    expect(await api.call('POST', '/a/basket', { body: { product_id: zero } })).toMatchObject({
      status: 400,
      body: { message: 'Can not buy product with zero base price' },
    });
    expect(await api.call('POST', '/a/basket', { body: {} })).toMatchObject({
      status: 400,
      body: { message: 'product_id: required' },
    });
  });

  it('bulk adds a list, reporting each product', async () => {
    const zero = productWhere(api, "base_price = 0 AND store_id = 'marine'");
    const res = await api.call('POST', '/a/basket/bulk', {
      body: {
        items: [
          { product_id: 2043, quantity: 2 },
          { product_id: zero, quantity: 1 },
          { product_id: 15732, quantity: 0 },
          { product_id: 1374449 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = res.body as {
      BASKETNUM: string;
      results: { product_id: number; SUCCESS: boolean; message?: string }[];
    };
    expect(body.results).toEqual([
      { product_id: 2043, SUCCESS: true },
      { product_id: zero, SUCCESS: false, message: 'Can not buy product with zero base price' },
      { product_id: 15732, SUCCESS: false, message: 'quantity: must be at least 1' },
      { product_id: 1374449, SUCCESS: true },
    ]);
    expect((await getBasket(api, body.BASKETNUM)).BASKET.map((item) => [item.product_id, item.quantity])).toEqual([
      [2043, 2],
      [1374449, 1],
    ]);
    const again = await api.call('POST', '/a/basket/bulk', {
      body: { basketNum: body.BASKETNUM, items: [{ product_id: 2043, quantity: 1 }] },
    });
    expect((again.body as { BASKETNUM: string }).BASKETNUM).toBe(body.BASKETNUM);
    expect(await api.call('POST', '/a/basket/bulk', { body: { items: [] } })).toMatchObject({
      status: 400,
      body: { message: matching(/^items: /) },
    });
  });

  it('destroys a basket and its lines', async () => {
    const num = await newBasket(api);
    expect(await api.call('DELETE', `/a/basket/${num}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await api.call('GET', `/a/basket/${num}`)).status).toBe(404);
    expect((await api.call('DELETE', `/a/basket/${num}`)).status).toBe(404);
  });

  it('refuses edits to a basket that became an order', async () => {
    const num = await newBasket(api);
    api.api.ctx.db.prepare('UPDATE baskets SET ordered_order_no = 1 WHERE basket_num = ?').run(num);
    expect(await api.call('POST', `/a/item/2043/1?basketNum=${num}`)).toMatchObject({
      status: 409,
      body: { message: 'This basket has already been ordered' },
    });
    expect((await api.call('PATCH', '/a/item/1374449/0', { body: { basketNum: num } })).status).toBe(409);
  });
});

describe('suggestions and product groups', () => {
  it('suggests only buyable products of the same store that are not in the basket', async () => {
    const num = await newBasket(api, 1374449);
    const res = await api.call('GET', `/v2/suggest/products?basketnum=${num}&group_menu_id=0`);
    expect(res.status).toBe(200);
    const list = res.body as {
      product_id: number;
      customer_can_buy: number;
      base_price: number;
      pricediscounted: number;
      ship_class: string;
    }[];
    expect(list.length).toBeGreaterThan(0);
    const db = api.api.ctx.db;
    for (const product of list) {
      expect(product.product_id).not.toBe(1374449);
      // The price a line of it is charged, as the basket's pricediscounted.
      expect(product.pricediscounted).toBe(
        (
          db.prepare('SELECT price_discounted FROM products WHERE product_id = ?').get(product.product_id) as {
            price_discounted: number;
          }
        ).price_discounted,
      );
      expect(product.customer_can_buy).toBe(1);
      expect(product.base_price).toBeGreaterThan(0);
      expect(product.ship_class).not.toBe('never');
      expect(
        (
          db.prepare('SELECT store_id FROM products WHERE product_id = ?').get(product.product_id) as {
            store_id: string;
          }
        ).store_id,
      ).toBe('marine');
    }
  });

  it('suggests cycle parts for a cycle basket', async () => {
    const cycle = productWhere(api, `store_id = 'cycle' AND ${BUYABLE}`);
    const num = await newBasket(api, cycle);
    const list = (await api.call('GET', `/v2/suggest/products?basketnum=${num}`)).body as { product_id: number }[];
    const stores = list.map(
      (p) =>
        (
          api.api.ctx.db.prepare('SELECT store_id FROM products WHERE product_id = ?').get(p.product_id) as {
            store_id: string;
          }
        ).store_id,
    );
    expect(new Set(stores)).toEqual(new Set(['cycle']));
  });

  it('needs a known basket number', async () => {
    expect(await api.call('GET', '/v2/suggest/products')).toMatchObject({
      status: 400,
      body: { message: 'basketnum: required' },
    });
    expect((await api.call('GET', '/v2/suggest/products?basketnum=nope')).status).toBe(404);
  });

  it('finds a product group by manufacturer and sku, case-insensitively', async () => {
    const yamaha = await api.call('GET', '/v2/group/10/6e5-44352-01-00');
    expect(yamaha).toMatchObject({
      status: 200,
      body: { mfg_account_id: 10, products: [{ product_id: 2043, sku: '6E5-44352-01-00' }] },
    });
    const product = (yamaha.body as { products: Record<string, unknown>[] }).products[0];
    expect(product).toEqual(
      expect.objectContaining({
        base_price: 24.31,
        ship_class: 'now',
        customer_can_buy: 1,
        store_id: 'marine',
        images: [expect.objectContaining({ sm_image: anyString })],
      }),
    );
    expect((await api.call('GET', '/v2/group/10/6E5-44352-01-00?store_id=cycle')).body).toEqual({
      mfg_account_id: 10,
      products: [],
    });
    expect((await api.call('GET', '/v2/group/2/NOPE')).body).toEqual({ mfg_account_id: 2, products: [] });
    expect((await api.call('GET', '/v2/group/x/NOPE')).status).toBe(400);
  });
});
