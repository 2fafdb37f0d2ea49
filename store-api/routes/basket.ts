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

const basketNum = z.string().trim().min(1).max(64);
const productId = z.string().regex(/^\d{1,9}$/, 'must be a product id').transform(Number);
const quantity = z.string().regex(/^\d{1,4}$/, 'must be a whole number from 0 to 9999').transform(Number);
const storeId = z.enum(STORES);

const SUGGESTION_LIMIT = 8;

/** Catalogue and basket: every route of the README's "Catalogue and basket" table except GraphQL. */
export const basketModule: RouteModule = {
  name: 'basket',
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
    app.post(
      '/a/basket',
      valid(
        'json',
        z.object({
          product_id: z.number().int().positive(),
          qty: z.number().int().min(1).max(MAX_QUANTITY).default(1),
          store_id: storeId.default('marine'),
        }),
      ),
      (c) => {
        const body = c.req.valid('json');
        const num = transaction(db, () => {
          const created = createBasket(db, body.store_id, c.get('user')?.userid ?? null);
          addItem(db, created, body.product_id, body.qty);
          return created;
        });
        return c.json({ BASKETNUM: num });
      },
    );

    app.post(
      '/a/basket/bulk',
      valid(
        'json',
        z.object({
          basketNum: basketNum.optional(),
          store_id: storeId.default('marine'),
          items: z
            .array(z.object({ product_id: z.number().int().positive(), quantity: z.number().int().min(0).max(MAX_QUANTITY).default(1) }))
            .min(1)
            .max(200),
        }),
      ),
      (c) => {
        const body = c.req.valid('json');
        const outcome = transaction(db, () => {
          const num = body.basketNum ?? createBasket(db, body.store_id, c.get('user')?.userid ?? null);
          requireBasketFor(db, num, callerOf(c), 'items');
          const results = body.items.map((item) => {
            if (item.quantity === 0) return { product_id: item.product_id, SUCCESS: false, message: 'quantity: must be at least 1' };
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
      },
    );

    app.get('/a/basket/:basketNum', valid('param', z.object({ basketNum })), (c) => {
      const num = c.req.valid('param').basketNum;
      requireBasketFor(db, num, callerOf(c), 'items');
      return c.json(basketView(db, num));
    });

    app.post('/a/basket/:basketNum/adopt', valid('param', z.object({ basketNum })), (c) => {
      return c.json({ BASKETNUM: adoptBasket(db, c.req.valid('param').basketNum, callerOf(c)) });
    });

    app.post(
      '/a/basket/:basketNum',
      valid('param', z.object({ basketNum })),
      valid('query', z.object({ basketNum: basketNum.optional(), language_id: z.enum(LANGUAGES) })),
      (c) => {
        requireBasketFor(db, c.req.valid('param').basketNum, callerOf(c), 'items');
        setLanguage(db, c.req.valid('param').basketNum, c.req.valid('query').language_id);
        return c.json({ ok: true });
      },
    );

    app.post(
      '/a/item/:productId/:qty',
      valid('param', z.object({ productId, qty: quantity.refine((n) => n >= 1, 'must be at least 1') })),
      valid('query', z.object({ basketNum: basketNum.optional(), store_id: storeId.optional() })),
      (c) => {
        const { productId: id, qty } = c.req.valid('param');
        const query = c.req.valid('query');
        const result = transaction(db, () => {
          let num = query.basketNum;
          if (num) requireBasketFor(db, num, callerOf(c), 'items');
          else {
            // The new basket belongs to the product's store unless the caller says otherwise.
            const product = findProduct(db, id);
            if (!product) throw notFound('product not found');
            num = createBasket(db, query.store_id ?? (product.store_id as 'marine' | 'cycle'), c.get('user')?.userid ?? null);
          }
          addItem(db, num, id, qty);
          return num;
        });
        return c.json({ BASKETNUM: result, ADDITEM: { SUCCESS: true } });
      },
    );

    app.patch(
      '/a/item/:productId/:qty',
      valid('param', z.object({ productId, qty: quantity })),
      valid('json', z.object({ basketNum })),
      (c) => {
        const { productId: id, qty } = c.req.valid('param');
        const num = c.req.valid('json').basketNum;
        requireBasketFor(db, num, callerOf(c), 'items');
        setItemQuantity(db, num, id, qty);
        return c.json({ BASKETNUM: num, ...basketView(db, num) });
      },
    );

    app.delete('/a/basket/:basketNum', valid('param', z.object({ basketNum })), (c) => {
      requireBasketFor(db, c.req.valid('param').basketNum, callerOf(c), 'personal');
      destroyBasket(db, c.req.valid('param').basketNum);
      return c.json({ ok: true });
    });

    app.get(
      '/v2/suggest/products',
      valid('query', z.object({ basketnum: basketNum, group_menu_id: z.string().optional() })),
      (c) => {
        const basket = requireBasketFor(db, c.req.valid('query').basketnum, callerOf(c), 'items');
        // Parts of the manufacturers already in the basket come first, then the rest of the store.
        const rows = db
          .prepare(
            `SELECT p.product_id, p.sku, p.name, p.base_price, p.ship_class, p.customer_can_buy, p.sm_image, p.mfg_account_id
             FROM products p
             WHERE p.store_id = ? AND p.customer_can_buy = 1 AND p.base_price > 0 AND p.ship_class <> 'never'
               AND p.product_id NOT IN (SELECT product_id FROM basket_items WHERE basket_num = ?)
             ORDER BY (p.mfg_account_id IN (SELECT q.mfg_account_id FROM basket_items i JOIN products q ON q.product_id = i.product_id WHERE i.basket_num = ?)) DESC,
               (p.ship_class = 'now') DESC, p.product_id
             LIMIT ?`,
          )
          .all(basket.store_id, basket.basket_num, basket.basket_num, SUGGESTION_LIMIT);
        return c.json(rows);
      },
    );

    app.get(
      '/v2/group/:mfgAccountId/:sku',
      valid('param', z.object({ mfgAccountId: z.string().regex(/^\d{1,6}$/, 'must be a manufacturer id').transform(Number), sku: z.string().trim().min(1).max(64) })),
      valid('query', z.object({ store_id: storeId.optional() })),
      (c) => {
        const { mfgAccountId, sku } = c.req.valid('param');
        const store = c.req.valid('query').store_id;
        const rows = (
          store
            ? db.prepare('SELECT * FROM products WHERE mfg_account_id = ? AND sku = ? COLLATE NOCASE AND store_id = ? ORDER BY product_id').all(mfgAccountId, sku, store)
            : db.prepare('SELECT * FROM products WHERE mfg_account_id = ? AND sku = ? COLLATE NOCASE ORDER BY product_id').all(mfgAccountId, sku)
        ) as unknown as ProductRow[];
        return c.json({ mfg_account_id: mfgAccountId, products: rows.map(productView) });
      },
    );
  },
};
