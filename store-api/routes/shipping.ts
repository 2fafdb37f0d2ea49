import { callerOf } from '../core/basket-key.ts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext, ApiEnv } from '../core/context.ts';
import { transaction } from '../core/db.ts';
import { requireUser } from '../core/auth.ts';
import { priceBasket } from '../rules/pricing.ts';
import { loadCheckoutBasket, requireLines, storePricing, type Buyer } from '../data/checkout-basket.ts';
import { parseInput, readJsonBody } from '../core/input.ts';
import type { RouteModule } from '../core/route-module.ts';

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
