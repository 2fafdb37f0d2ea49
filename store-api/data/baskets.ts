import { randomBytes } from 'node:crypto';
import type { Db } from '../core/db.ts';
import { transaction } from '../core/db.ts';
import { ApiError, notFound } from '../core/errors.ts';
import {
  exceedsInventory,
  extPrice,
  orderTotal,
  purchaseRefusal,
  roundCents,
  savings,
  subtotalOf,
} from '../rules/basket.ts';
import { mayUseBasket, type BasketCaller, type BasketUse } from '../rules/ownership.ts';

/** Basket reads and writes shared by the REST routes and the GraphQL cart source. */

export interface ProductRow {
  product_id: number;
  store_id: string;
  mfg_account_id: number;
  sku: string;
  name: string;
  description: string;
  product_url: string;
  base_price: number;
  price_discounted: number;
  ship_class: string;
  inventory: number;
  eta: string | null;
  sm_image: string | null;
  supplier_name: string | null;
  supplier_days_delayed: number;
  customer_can_buy: number;
}

export interface BasketRow {
  basket_num: string;
  id: number;
  store_id: string;
  language_id: string;
  user_id: number | null;
  owner_key: string | null;
  service_level: string;
  shipping: number;
  tax: number;
  group_menu_id: number;
  ordered_order_no: number | null;
  created_at: string;
  updated_at: string;
}

export interface BasketItem {
  line_id: number;
  product_id: number;
  sku: string;
  description: string;
  product_url: string;
  ship_class: string;
  quantity: number;
  inventory: number;
  pricediscounted: number;
  extprice: number;
  base_price: number;
  saved_amount: number;
  percentagesaved: number;
  mfg_account_id: number;
  customer_can_buy: number;
  name: string;
  eta: string | null;
  sm_image: string | null;
  in_group: number;
  inBasket: number;
  quantity_exceeds_inventory: boolean;
  supplier_name: string | null;
  supplier_days_delayed: number;
  store_id: string;
}

export interface BasketOrder {
  basketNum: string;
  store_id: string;
  language_id: string;
  subtotal: number;
  orderTotal: number;
  shipping: number;
  tax: number;
  shiptype: string;
  group_menu_id: number;
  itemCount: number;
  ordered: boolean;
  addonTotal: number;
  affiliate: string;
  credits: number;
  dateAdded: string;
  notes: string;
  orderDisc: number;
  paypalToken: string;
  referrer: string;
  shippingDisc: number;
  mfgDelays: { mfg: number; url: string }[];
}

export interface BasketView {
  id: number;
  ORDER: BasketOrder;
  BASKET: BasketItem[];
}

export const STORES = ['marine', 'cycle'] as const;
export type StoreId = (typeof STORES)[number];

/** 24 hex characters from the system's secure random source: unguessable. */
export function newBasketNum(): string {
  return randomBytes(12).toString('hex');
}

export function findProduct(db: Db, productId: number): ProductRow | undefined {
  return db.prepare('SELECT * FROM products WHERE product_id = ?').get(productId) as ProductRow | undefined;
}

export function findBasket(db: Db, basketNum: string): BasketRow | undefined {
  return db.prepare('SELECT rowid AS id, * FROM baskets WHERE basket_num = ?').get(basketNum) as BasketRow | undefined;
}

export function requireBasket(db: Db, basketNum: string): BasketRow {
  const basket = findBasket(db, basketNum);
  if (!basket) throw notFound('basket not found');
  return basket;
}

/** The basket if this caller may use it so; someone else's basket answers as unknown. */
export function requireBasketFor(db: Db, basketNum: string, caller: BasketCaller, use: BasketUse): BasketRow {
  const basket = requireBasket(db, basketNum);
  if (!mayUseBasket({ userId: basket.user_id, ownerKey: basket.owner_key }, caller, use))
    throw notFound('basket not found');
  return basket;
}

/**
 * Adoption of a basket number (?basketNum=): the same basket when this caller may use it with
 * its personal data, else a new basket with a copy of its lines, never its guest record or owner.
 */
export function adoptBasket(db: Db, basketNum: string, caller: BasketCaller): string {
  return transaction(db, () => {
    const basket = requireBasket(db, basketNum);
    if (mayUseBasket({ userId: basket.user_id, ownerKey: basket.owner_key }, caller, 'personal'))
      return basket.basket_num;
    const copy = createBasket(db, basket.store_id as StoreId, caller.userId);
    db.prepare('UPDATE baskets SET language_id = ? WHERE basket_num = ?').run(basket.language_id, copy);
    db.prepare(
      'INSERT INTO basket_items (basket_num, product_id, quantity) SELECT ?, product_id, quantity FROM basket_items WHERE basket_num = ? ORDER BY id',
    ).run(copy, basket.basket_num);
    return copy;
  });
}

/** Edits are refused once a basket has become an order. */
export function requireOpenBasket(db: Db, basketNum: string): BasketRow {
  const basket = requireBasket(db, basketNum);
  if (basket.ordered_order_no !== null) throw new ApiError(409, 'This basket has already been ordered');
  return basket;
}

export function createBasket(db: Db, storeId: StoreId, userId: number | null = null): string {
  const basketNum = newBasketNum();
  db.prepare('INSERT INTO baskets (basket_num, store_id, user_id) VALUES (?, ?, ?)').run(basketNum, storeId, userId);
  return basketNum;
}

function touch(db: Db, basketNum: string): void {
  db.prepare("UPDATE baskets SET updated_at = datetime('now') WHERE basket_num = ?").run(basketNum);
}

/** Checks a product may be put in this basket; throws the spec's refusal otherwise. */
export function requireBuyable(db: Db, productId: number, storeId: string): ProductRow {
  const product = findProduct(db, productId);
  if (!product) throw notFound('product not found');
  const refusal = purchaseRefusal(product);
  if (refusal) throw new ApiError(refusal.status, refusal.message);
  if (product.store_id !== storeId) throw new ApiError(400, 'Product is not sold in this store');
  return product;
}

export function currentQuantity(db: Db, basketNum: string, productId: number): number {
  const row = db
    .prepare('SELECT quantity FROM basket_items WHERE basket_num = ? AND product_id = ?')
    .get(basketNum, productId) as { quantity: number } | undefined;
  return row?.quantity ?? 0;
}

export const MAX_QUANTITY = 9999;

/** Adds to the quantity already in the basket. */
export function addItem(db: Db, basketNum: string, productId: number, quantity: number): void {
  transaction(db, () => {
    const basket = requireOpenBasket(db, basketNum);
    requireBuyable(db, productId, basket.store_id);
    const next = Math.min(MAX_QUANTITY, currentQuantity(db, basketNum, productId) + quantity);
    db.prepare(
      'INSERT INTO basket_items (basket_num, product_id, quantity) VALUES (?, ?, ?) ON CONFLICT (basket_num, product_id) DO UPDATE SET quantity = excluded.quantity',
    ).run(basketNum, productId, next);
    touch(db, basketNum);
  });
}

/** Sets the quantity; 0 removes the line. A product not yet in the basket is added (restore). */
export function setItemQuantity(db: Db, basketNum: string, productId: number, quantity: number): void {
  transaction(db, () => {
    const basket = requireOpenBasket(db, basketNum);
    if (quantity === 0) {
      db.prepare('DELETE FROM basket_items WHERE basket_num = ? AND product_id = ?').run(basketNum, productId);
    } else {
      if (currentQuantity(db, basketNum, productId) === 0) requireBuyable(db, productId, basket.store_id);
      db.prepare(
        'INSERT INTO basket_items (basket_num, product_id, quantity) VALUES (?, ?, ?) ON CONFLICT (basket_num, product_id) DO UPDATE SET quantity = excluded.quantity',
      ).run(basketNum, productId, Math.min(MAX_QUANTITY, quantity));
    }
    touch(db, basketNum);
  });
}

export function setLineQuantity(db: Db, basketNum: string, lineId: number, quantity: number): void {
  const line = db
    .prepare('SELECT product_id FROM basket_items WHERE basket_num = ? AND id = ?')
    .get(basketNum, lineId) as { product_id: number } | undefined;
  if (!line) throw notFound('line not found');
  setItemQuantity(db, basketNum, line.product_id, quantity);
}

export function clearBasket(db: Db, basketNum: string): void {
  transaction(db, () => {
    requireOpenBasket(db, basketNum);
    db.prepare('DELETE FROM basket_items WHERE basket_num = ?').run(basketNum);
    touch(db, basketNum);
  });
}

export function destroyBasket(db: Db, basketNum: string): void {
  transaction(db, () => {
    requireBasket(db, basketNum);
    db.prepare('DELETE FROM basket_items WHERE basket_num = ?').run(basketNum);
    db.prepare('DELETE FROM baskets WHERE basket_num = ?').run(basketNum);
  });
}

export function setLanguage(db: Db, basketNum: string, language: string): void {
  requireBasket(db, basketNum);
  db.prepare('UPDATE baskets SET language_id = ? WHERE basket_num = ?').run(language, basketNum);
}

type ItemJoin = ProductRow & { line_id: number; quantity: number };

export function toBasketItem(row: ItemJoin): BasketItem {
  const extprice = extPrice(row.price_discounted, row.quantity);
  return {
    line_id: row.line_id,
    product_id: row.product_id,
    sku: row.sku,
    description: row.description,
    product_url: row.product_url,
    ship_class: row.ship_class,
    quantity: row.quantity,
    inventory: row.inventory,
    pricediscounted: row.price_discounted,
    extprice,
    base_price: row.base_price,
    ...savings(row.base_price, row.price_discounted, row.quantity),
    mfg_account_id: row.mfg_account_id,
    customer_can_buy: row.customer_can_buy,
    name: row.name,
    eta: row.eta,
    sm_image: row.sm_image,
    in_group: 0,
    inBasket: 1,
    quantity_exceeds_inventory: exceedsInventory(row.quantity, row.inventory),
    supplier_name: row.supplier_name,
    supplier_days_delayed: row.supplier_days_delayed,
    store_id: row.store_id,
  };
}

export function basketItems(db: Db, basketNum: string): BasketItem[] {
  const rows = db
    .prepare(
      'SELECT p.*, i.id AS line_id, i.quantity FROM basket_items i JOIN products p ON p.product_id = i.product_id WHERE i.basket_num = ? ORDER BY i.id',
    )
    .all(basketNum) as unknown as ItemJoin[];
  return rows.map(toBasketItem);
}

export function mfgDelays(db: Db, storeId: string): { mfg: number; url: string }[] {
  return db
    .prepare('SELECT mfg_account_id AS mfg, url FROM mfg_delays WHERE store_id = ? ORDER BY mfg_account_id')
    .all(storeId) as unknown as {
    mfg: number;
    url: string;
  }[];
}

/** The basket as GET a/basket answers it: ORDER totals and BASKET lines. */
export function basketView(db: Db, basketNum: string): BasketView {
  const basket = requireBasket(db, basketNum);
  const items = basketItems(db, basketNum);
  const subtotal = subtotalOf(items.map((item) => item.extprice));
  const shipping = roundCents(basket.shipping);
  const tax = roundCents(basket.tax);
  return {
    id: basket.id,
    ORDER: {
      basketNum,
      store_id: basket.store_id,
      language_id: basket.language_id,
      subtotal,
      orderTotal: orderTotal(subtotal, shipping, tax),
      shipping,
      tax,
      shiptype: basket.service_level,
      group_menu_id: basket.group_menu_id,
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      ordered: basket.ordered_order_no !== null,
      addonTotal: 0,
      affiliate: '',
      credits: 0,
      dateAdded: basket.created_at,
      notes: '',
      orderDisc: 0,
      paypalToken: '',
      referrer: '',
      shippingDisc: 0,
      mfgDelays: mfgDelays(db, basket.store_id),
    },
    BASKET: items,
  };
}

/** A product as the catalogue lookups answer it. */
export function productView(row: ProductRow) {
  return {
    product_id: row.product_id,
    store_id: row.store_id,
    mfg_account_id: row.mfg_account_id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    product_url: row.product_url,
    base_price: row.base_price,
    pricediscounted: row.price_discounted,
    ship_class: row.ship_class,
    inventory: row.inventory,
    eta: row.eta,
    sm_image: row.sm_image,
    images: row.sm_image ? [{ sm_image: row.sm_image }] : [],
    customer_can_buy: row.customer_can_buy,
    supplier_days_delayed: row.supplier_days_delayed,
  };
}
