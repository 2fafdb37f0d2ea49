import { callerOf } from '../core/basket-key.ts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext, ApiEnv } from '../core/context.ts';
import type { Db } from '../core/db.ts';
import { transaction } from '../core/db.ts';
import { requireUser } from '../core/auth.ts';
import { badRequest } from '../core/errors.ts';
import { chooseLevel, serviceLevelOf, shippingOptions, type ShippingOption } from '../rules/shipping.ts';
import { salesTax } from '../rules/tax.ts';
import { loadCheckoutBasket, requireLines, type Buyer, type CheckoutBasket } from './checkout-basket.ts';
import { parseInput, readJsonBody } from './checkout-input.ts';
import type { RouteModule } from './index.ts';

export interface PricedBasket {
  selected: ShippingOption;
  available: ShippingOption[];
  tax: number;
}

/**
 * Prices a basket for its destination. A level asked for must be offered there (400 otherwise);
 * without one the stored level is kept while still offered, else the default.
 */
export function priceBasket(basket: CheckoutBasket, requested?: string): PricedBasket {
  const available = shippingOptions(basket.country, basket.subtotal, basket.weight);
  let selected: ShippingOption | undefined;
  if (requested !== undefined) {
    const level = serviceLevelOf(requested);
    if (!level) throw badRequest('serviceLevel: unknown service level');
    selected = available.find((option) => option.servicelevel === level.code);
    if (!selected) throw badRequest(`serviceLevel: ${level.name} is not offered for this destination`);
  } else selected = chooseLevel(available, basket.serviceLevel, basket.country);
  if (!selected) throw badRequest('no shipping options for this destination');
  return { selected, available, tax: salesTax(basket.country, basket.state, basket.subtotal) };
}

/** Stores the chosen level, its cost and the tax on the basket, so the basket shows the new totals. */
export function storePricing(db: Db, basketNum: string, priced: PricedBasket): void {
  db.prepare(
    "UPDATE baskets SET service_level = ?, shipping = ?, tax = ?, updated_at = datetime('now') WHERE basket_num = ?",
  ).run(priced.selected.servicelevel, priced.selected.shipping_cost, priced.tax, basketNum);
}

const shippingBody = z
  .object({ serviceLevel: z.union([z.string().trim().min(1).max(20), z.number().int().min(0).max(99)]).optional() })
  .loose();

async function answerShipping(c: Context<ApiEnv>, ctx: ApiContext, buyer: Buyer) {
  const body = (await readJsonBody(c)) ?? {};
  const { serviceLevel } = parseInput(shippingBody, body);
  const basketNum = c.req.param('basketNum') ?? '';
  const priced = transaction(ctx.db, () => {
    const basket = loadCheckoutBasket(ctx.db, basketNum, buyer, callerOf(c));
    requireLines(basket);
    const result = priceBasket(basket, serviceLevel === undefined ? undefined : String(serviceLevel));
    if (basket.orderedOrderNo === null) storePricing(ctx.db, basketNum, result);
    return result;
  });
  return c.json({ selected: priced.selected.servicelevel, available: priced.available, tax: priced.tax });
}

export const shippingModule: RouteModule = {
  name: 'shipping',
  register(app, ctx) {
    app.post('/a/user/shipping/:basketNum', requireUser, (c) => answerShipping(c, ctx, { kind: 'customer', claims: c.get('user')! }));
    app.post('/a/shipping/:basketNum', (c) => answerShipping(c, ctx, { kind: 'guest' }));
  },
};
