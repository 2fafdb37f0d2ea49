import type { Db } from '../core/db.ts';
import type { AccessClaims } from '../core/tokens.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { countryCode, guestAddresses, parseJson, readAddress, type PostalAddress } from '../rules/address.ts';
import { productWeight } from '../rules/shipping.ts';
import { subtotalOf } from '../rules/basket.ts';
import type { InvoiceLine } from '../rules/invoice.ts';
import type { PricedBasket } from '../rules/pricing.ts';
import { mayUseBasket, type BasketCaller } from '../rules/ownership.ts';

/** A basket line: what the invoice prices, plus the product it came from. */
export interface BasketLine extends InvoiceLine {
  product_id: number;
}

/** What shipping and checkout read of a basket: its lines, weight, subtotal and destination. */
export interface CheckoutBasket {
  basketNum: string;
  storeId: string;
  userId: number | null;
  serviceLevel: string;
  groupMenuId: number;
  orderedOrderNo: number | null;
  lines: BasketLine[];
  subtotal: number;
  weight: number;
  shipping: PostalAddress | null;
  billing: PostalAddress | null;
  email: string;
  country: string;
  state: string;
}

interface BasketRow {
  basket_num: string;
  store_id: string;
  user_id: number | null;
  owner_key: string | null;
  guest_json: string | null;
  service_level: string;
  group_menu_id: number;
  ordered_order_no: number | null;
}

/** Who is checking out: a signed-in customer (token claims) or a guest (basket number only). */
export type Buyer = { kind: 'customer'; claims: AccessClaims } | { kind: 'guest' };

function customerAddresses(db: Db, claims: AccessClaims) {
  const row = db.prepare('SELECT email, shipping_json, billing_json FROM users WHERE id = ?').get(claims.userid) as
    { email: string; shipping_json: string | null; billing_json: string | null } | undefined;
  const email = row?.email ?? claims.email ?? '';
  const shippingRecord = parseJson(row?.shipping_json);
  const shipping = readAddress(shippingRecord, email);
  const billing = readAddress(parseJson(row?.billing_json), email) ?? shipping;
  return { shipping, billing, email };
}

/**
 * Loads a basket for a buyer. A basket that belongs to someone else (another customer, or a
 * guest checkout whose key the caller lacks) is not found. `internal` is the store's own read
 * (the wallet page's amount), which answers nothing personal.
 */
export function loadCheckoutBasket(
  db: Db,
  basketNum: string,
  buyer: Buyer,
  caller: BasketCaller | 'internal',
): CheckoutBasket {
  const row = db
    .prepare(
      'SELECT basket_num, store_id, user_id, owner_key, guest_json, service_level, group_menu_id, ordered_order_no FROM baskets WHERE basket_num = ?',
    )
    .get(basketNum) as BasketRow | undefined;
  if (!row) throw notFound('basket not found');
  if (buyer.kind === 'customer' && row.user_id !== null && row.user_id !== buyer.claims.userid)
    throw notFound('basket not found');
  if (caller !== 'internal' && !mayUseBasket({ userId: row.user_id, ownerKey: row.owner_key }, caller, 'personal'))
    throw notFound('basket not found');
  const lines = db
    .prepare(
      `SELECT p.product_id, p.sku, p.name, p.mfg_account_id, i.quantity, p.base_price, p.price_discounted
       FROM basket_items i JOIN products p ON p.product_id = i.product_id
       WHERE i.basket_num = ? ORDER BY i.id`,
    )
    .all(basketNum) as unknown as BasketLine[];
  const addresses =
    buyer.kind === 'customer' ? customerAddresses(db, buyer.claims) : guestAddresses(parseJson(row.guest_json));
  const country = countryCode(addresses.shipping?.country ?? '');
  return {
    basketNum: row.basket_num,
    storeId: row.store_id,
    userId: buyer.kind === 'customer' ? buyer.claims.userid : row.user_id,
    serviceLevel: row.service_level,
    groupMenuId: row.group_menu_id,
    orderedOrderNo: row.ordered_order_no,
    lines,
    subtotal: subtotalOf(lines.map((line) => line.price_discounted * line.quantity)),
    weight: lines.reduce((total, line) => total + productWeight(line.product_id) * line.quantity, 0),
    shipping: addresses.shipping,
    billing: addresses.billing,
    email: addresses.email,
    country,
    state: addresses.shipping?.state ?? '',
  };
}

export function requireLines(basket: CheckoutBasket): void {
  if (basket.lines.length === 0) throw new ApiError(400, 'basket is empty');
}

/** Stores the chosen level, its cost and the tax on the basket, so the basket shows the new totals. */
export function storePricing(db: Db, basketNum: string, priced: PricedBasket): void {
  db.prepare(
    "UPDATE baskets SET service_level = ?, shipping = ?, tax = ?, updated_at = datetime('now') WHERE basket_num = ?",
  ).run(priced.selected.servicelevel, priced.selected.shipping_cost, priced.tax, basketNum);
}
