import { z } from 'zod';
import { callerOf } from '../core/basket-key.ts';
import { valid } from '../core/validate.ts';
import { transaction } from '../core/db.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { seedCatalogue } from '../seed/catalogue.ts';
import {
  addItem,
  adoptBasket,
  basketView,
  createBasket,
  destroyBasket,
  findProduct,
  productView,
  requireBasketFor,
  setItemQuantity,
  setLanguage,
  STORES,
  MAX_QUANTITY,
  type ProductRow,
} from '../data/baskets.ts';
import { LANGUAGES } from '../rules/basket.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, failures, json, jsonBody, ok } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

const basketNum = z.string().trim().min(1).max(64);
const productId = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a product id')
  .transform(Number);
const quantity = z
  .string()
  .regex(/^\d{1,4}$/, 'must be a whole number from 0 to 9999')
  .transform(Number);
const storeId = z.enum(STORES);

const SUGGESTION_LIMIT = 8;

const nullableText = z.string().nullable();
const basketItem = z
  .object({
    line_id: z.number().int(),
    product_id: z.number().int(),
    sku: z.string(),
    description: z.string(),
    product_url: z.string(),
    ship_class: z.string(),
    quantity: z.number().int(),
    inventory: z.number(),
    pricediscounted: z.number(),
    extprice: z.number(),
    base_price: z.number(),
    saved_amount: z.number(),
    percentagesaved: z.number(),
    mfg_account_id: z.number().int(),
    customer_can_buy: z.number().int(),
    name: z.string(),
    eta: nullableText,
    sm_image: nullableText,
    in_group: z.number().int(),
    inBasket: z.number().int(),
    quantity_exceeds_inventory: z.boolean(),
    supplier_name: nullableText,
    supplier_days_delayed: z.number(),
    store_id: z.string(),
  })
  .meta({ id: 'BasketItem' });
const basketOrder = z
  .object({
    basketNum: z.string(),
    store_id: z.string(),
    language_id: z.string(),
    subtotal: z.number(),
    orderTotal: z.number(),
    shipping: z.number(),
    tax: z.number(),
    shiptype: z.string(),
    group_menu_id: z.number().int(),
    itemCount: z.number().int(),
    ordered: z.boolean(),
    addonTotal: z.number(),
    affiliate: z.string(),
    credits: z.number(),
    dateAdded: z.string(),
    notes: z.string(),
    orderDisc: z.number(),
    paypalToken: z.string(),
    referrer: z.string(),
    shippingDisc: z.number(),
    mfgDelays: z.array(z.object({ mfg: z.number(), url: z.string() })),
  })
  .meta({ id: 'BasketOrder' });
const basketAnswer = z
  .object({ id: z.number().int(), ORDER: basketOrder, BASKET: z.array(basketItem) })
  .meta({ id: 'Basket' });
const product = z
  .object({
    product_id: z.number().int(),
    store_id: z.string(),
    mfg_account_id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    description: z.string(),
    product_url: z.string(),
    base_price: z.number(),
    pricediscounted: z.number(),
    ship_class: z.string(),
    inventory: z.number(),
    eta: nullableText,
    sm_image: nullableText,
    images: z.array(z.object({ sm_image: z.string() })),
    customer_can_buy: z.number().int(),
    supplier_days_delayed: z.number(),
  })
  .meta({ id: 'Product' });
const suggestion = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  base_price: z.number(),
  // What the basket charges a unit, as its lines' pricediscounted: the cart shows it as the price paid.
  pricediscounted: z.number(),
  ship_class: z.string(),
  customer_can_buy: z.number().int(),
  sm_image: nullableText,
  mfg_account_id: z.number().int(),
});
const basketNumAnswer = z.object({ BASKETNUM: z.string() });

const basketParams = z.object({ basketNum });
const createBody = z.object({
  product_id: z.number().int().positive(),
  qty: z.number().int().min(1).max(MAX_QUANTITY).default(1),
  store_id: storeId.default('marine'),
});
const bulkBody = z.object({
  basketNum: basketNum.optional(),
  store_id: storeId.default('marine'),
  items: z
    .array(
      z.object({
        product_id: z.number().int().positive(),
        quantity: z.number().int().min(0).max(MAX_QUANTITY).default(1),
      }),
    )
    .min(1)
    .max(200),
});
const languageQuery = z.object({ basketNum: basketNum.optional(), language_id: z.enum(LANGUAGES) });
const addParams = z.object({ productId, qty: quantity.refine((n) => n >= 1, 'must be at least 1') });
const addQuery = z.object({ basketNum: basketNum.optional(), store_id: storeId.optional() });
const setParams = z.object({ productId, qty: quantity });
const setBody = z.object({ basketNum });
const suggestQuery = z.object({ basketnum: basketNum, group_menu_id: z.string().optional() });
const groupParams = z.object({
  mfgAccountId: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a manufacturer id')
    .transform(Number),
  sku: z.string().trim().min(1).max(64),
});
const groupQuery = z.object({ store_id: storeId.optional() });

const createBasketRoute = createRoute({
  method: 'post',
  path: '/a/basket',
  summary: 'New basket with one product',
  request: { body: jsonBody(createBody) },
  responses: { 200: json(basketNumAnswer), ...failures(400, 404) },
});
const bulkAdd = createRoute({
  method: 'post',
  path: '/a/basket/bulk',
  summary: 'Bulk add: one result per item',
  request: { body: jsonBody(bulkBody) },
  responses: {
    200: json(
      z.object({
        BASKETNUM: z.string(),
        results: z.array(
          z.object({ product_id: z.number().int(), SUCCESS: z.boolean(), message: z.string().optional() }),
        ),
      }),
    ),
    ...failures(400, 404, 409),
  },
});
const getBasket = createRoute({
  method: 'get',
  path: '/a/basket/{basketNum}',
  summary: 'The basket: order totals and lines',
  request: { params: basketParams },
  responses: { 200: json(basketAnswer), ...failures(400, 404) },
});
const adopt = createRoute({
  method: 'post',
  path: '/a/basket/{basketNum}/adopt',
  summary: 'The same basket, or a copy of its lines when someone else owns it',
  request: { params: basketParams },
  responses: { 200: json(basketNumAnswer), ...failures(400, 404) },
});
const setBasketLanguage = createRoute({
  method: 'post',
  path: '/a/basket/{basketNum}',
  summary: 'Sets the basket language',
  request: { params: basketParams, query: languageQuery },
  responses: { 200: json(ok), ...failures(400, 404, 409) },
});
const addItemRoute = createRoute({
  method: 'post',
  path: '/a/item/{productId}/{qty}',
  summary: 'Adds a quantity of a product (a new basket without basketNum)',
  request: { params: addParams, query: addQuery },
  responses: {
    200: json(z.object({ BASKETNUM: z.string(), ADDITEM: z.object({ SUCCESS: z.literal(true) }) })),
    ...failures(400, 404, 409),
  },
});
const setItem = createRoute({
  method: 'patch',
  path: '/a/item/{productId}/{qty}',
  summary: 'Sets the quantity of a line (0 removes it)',
  request: { params: setParams, body: jsonBody(setBody) },
  responses: { 200: json(basketAnswer.extend({ BASKETNUM: z.string() })), ...failures(400, 404, 409) },
});
const destroy = createRoute({
  method: 'delete',
  path: '/a/basket/{basketNum}',
  summary: 'Deletes the basket and its lines',
  request: { params: basketParams },
  responses: { 200: json(ok), ...failures(400, 404) },
});
const suggest = createRoute({
  method: 'get',
  path: '/v2/suggest/products',
  summary: 'Up to 8 buyable products not in the basket',
  request: { query: suggestQuery },
  responses: { 200: json(z.array(suggestion)), ...failures(400, 404) },
});
const group = createRoute({
  method: 'get',
  path: '/v2/group/{mfgAccountId}/{sku}',
  summary: 'The products of a part number',
  request: { params: groupParams, query: groupQuery },
  responses: {
    200: json(z.object({ mfg_account_id: z.number().int(), products: z.array(product) })),
    ...failures(400),
  },
});

/** Catalogue and basket: every route of the README's "Catalogue and basket" table except GraphQL. */
export const basketModule: RouteModule = {
  name: 'basket',
  operations: [
    createBasketRoute,
    bulkAdd,
    getBasket,
    adopt,
    setBasketLanguage,
    addItemRoute,
    setItem,
    destroy,
    suggest,
    group,
  ],
  schema: `
CREATE TABLE IF NOT EXISTS mfg_delays (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id TEXT NOT NULL,
  mfg_account_id INTEGER NOT NULL,
  url TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS basket_items_basket ON basket_items (basket_num);
`,
  seed: seedCatalogue,
  register(app, ctx) {
    const { db } = ctx;

    // Fixed paths first: a/basket/bulk must not be read as a basket number.
    app.on(...at(createBasketRoute), valid('json', createBody), (c) => {
      const body = c.req.valid('json');
      const num = transaction(db, () => {
        const created = createBasket(db, body.store_id, c.get('user')?.userid ?? null);
        addItem(db, created, body.product_id, body.qty);
        return created;
      });
      return c.json({ BASKETNUM: num });
    });

    app.on(...at(bulkAdd), valid('json', bulkBody), (c) => {
      const body = c.req.valid('json');
      const outcome = transaction(db, () => {
        const num = body.basketNum ?? createBasket(db, body.store_id, c.get('user')?.userid ?? null);
        requireBasketFor(db, num, callerOf(c), 'items');
        const results = body.items.map((item) => {
          if (item.quantity === 0)
            return { product_id: item.product_id, SUCCESS: false, message: 'quantity: must be at least 1' };
          try {
            addItem(db, num, item.product_id, item.quantity);
            return { product_id: item.product_id, SUCCESS: true };
          } catch (error) {
            if (error instanceof ApiError && error.status < 500 && error.status !== 409) {
              return { product_id: item.product_id, SUCCESS: false, message: error.message };
            }
            throw error;
          }
        });
        return { BASKETNUM: num, results };
      });
      return c.json(outcome);
    });

    app.on(...at(getBasket), valid('param', basketParams), (c) => {
      const num = c.req.valid('param').basketNum;
      requireBasketFor(db, num, callerOf(c), 'items');
      return c.json(basketView(db, num));
    });

    app.on(...at(adopt), valid('param', basketParams), (c) => {
      return c.json({ BASKETNUM: adoptBasket(db, c.req.valid('param').basketNum, callerOf(c)) });
    });

    app.on(...at(setBasketLanguage), valid('param', basketParams), valid('query', languageQuery), (c) => {
      requireBasketFor(db, c.req.valid('param').basketNum, callerOf(c), 'items');
      setLanguage(db, c.req.valid('param').basketNum, c.req.valid('query').language_id);
      return c.json({ ok: true });
    });

    app.on(...at(addItemRoute), valid('param', addParams), valid('query', addQuery), (c) => {
      const { productId: id, qty } = c.req.valid('param');
      const query = c.req.valid('query');
      const result = transaction(db, () => {
        let num = query.basketNum;
        if (num) requireBasketFor(db, num, callerOf(c), 'items');
        else {
          // The new basket belongs to the product's store unless the caller says otherwise.
          const product = findProduct(db, id);
          if (!product) throw notFound('product not found');
          num = createBasket(
            db,
            query.store_id ?? (product.store_id as 'marine' | 'cycle'),
            c.get('user')?.userid ?? null,
          );
        }
        addItem(db, num, id, qty);
        return num;
      });
      return c.json({ BASKETNUM: result, ADDITEM: { SUCCESS: true } });
    });

    app.on(...at(setItem), valid('param', setParams), valid('json', setBody), (c) => {
      const { productId: id, qty } = c.req.valid('param');
      const num = c.req.valid('json').basketNum;
      requireBasketFor(db, num, callerOf(c), 'items');
      setItemQuantity(db, num, id, qty);
      return c.json({ BASKETNUM: num, ...basketView(db, num) });
    });

    app.on(...at(destroy), valid('param', basketParams), (c) => {
      requireBasketFor(db, c.req.valid('param').basketNum, callerOf(c), 'personal');
      destroyBasket(db, c.req.valid('param').basketNum);
      return c.json({ ok: true });
    });

    app.on(...at(suggest), valid('query', suggestQuery), (c) => {
      const basket = requireBasketFor(db, c.req.valid('query').basketnum, callerOf(c), 'items');
      // Parts of the manufacturers already in the basket come first, then the rest of the store.
      const rows = db
        .prepare(
          `SELECT p.product_id, p.sku, p.name, p.base_price, p.price_discounted AS pricediscounted, p.ship_class,
             p.customer_can_buy, p.sm_image, p.mfg_account_id
             FROM products p
             WHERE p.store_id = ? AND p.customer_can_buy = 1 AND p.base_price > 0 AND p.ship_class <> 'never'
               AND p.product_id NOT IN (SELECT product_id FROM basket_items WHERE basket_num = ?)
             ORDER BY (p.mfg_account_id IN (SELECT q.mfg_account_id FROM basket_items i JOIN products q ON q.product_id = i.product_id WHERE i.basket_num = ?)) DESC,
               (p.ship_class = 'now') DESC, p.product_id
             LIMIT ?`,
        )
        .all(basket.store_id, basket.basket_num, basket.basket_num, SUGGESTION_LIMIT);
      return c.json(rows);
    });

    app.on(...at(group), valid('param', groupParams), valid('query', groupQuery), (c) => {
      const { mfgAccountId, sku } = c.req.valid('param');
      const store = c.req.valid('query').store_id;
      const rows = (store
        ? db
            .prepare(
              'SELECT * FROM products WHERE mfg_account_id = ? AND sku = ? COLLATE NOCASE AND store_id = ? ORDER BY product_id',
            )
            .all(mfgAccountId, sku, store)
        : db
            .prepare('SELECT * FROM products WHERE mfg_account_id = ? AND sku = ? COLLATE NOCASE ORDER BY product_id')
            .all(mfgAccountId, sku)) as unknown as ProductRow[];
      return c.json({ mfg_account_id: mfgAccountId, products: rows.map(productView) });
    });
  },
};
