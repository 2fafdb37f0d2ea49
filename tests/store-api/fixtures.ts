import { expect } from 'vitest';
import type { TestApi } from './harness';

/** Finds a seeded product id matching a SQL condition on the products table. */
export function productWhere(api: TestApi, condition: string): number {
  const row = api.api.ctx.db
    .prepare(`SELECT product_id FROM products WHERE ${condition} ORDER BY product_id LIMIT 1`)
    .get() as { product_id: number } | undefined;
  if (!row) throw new Error(`no seeded product where ${condition}`);
  return row.product_id;
}

export const BUYABLE = "base_price > 0 AND customer_can_buy = 1 AND ship_class = 'now' AND inventory >= 5";

/** Creates a basket holding one product and returns its number. */
export async function newBasket(api: TestApi, productId = 1374449, qty = 1): Promise<string> {
  const res = await api.call('POST', `/a/item/${productId}/${qty}`);
  if (res.status !== 200) throw new Error(`basket not created: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { BASKETNUM: string }).BASKETNUM;
}

export interface Item {
  line_id: number;
  product_id: number;
  quantity: number;
  extprice: number;
  pricediscounted: number;
  sku: string;
  quantity_exceeds_inventory: boolean;
}
export interface Basket {
  ORDER: {
    basketNum: string;
    orderTotal: number;
    subtotal: number;
    shipping: number;
    tax: number;
    language_id: string;
    mfgDelays: { mfg: number; url: string }[];
  };
  BASKET: Item[];
}

export async function getBasket(api: TestApi, basketNum: string): Promise<Basket> {
  const res = await api.call('GET', `/a/basket/${basketNum}`);
  if (res.status !== 200) throw new Error(`basket not read: ${res.status}`);
  return res.body as Basket;
}

/** Typed asymmetric matchers (vitest's own return any). */
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern) as unknown;
export const anyString: unknown = expect.any(String) as unknown;
