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
import { at, bearer, failures, json, jsonBody } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

const shippingBody = z
  .object({ serviceLevel: z.union([z.string().trim().min(1).max(20), z.number().int().min(0).max(99)]).optional() })
  .loose();

const shippingParams = z.object({ basketNum: z.string() });
const shippingAnswer = z.object({
  selected: z.string(),
  available: z.array(z.object({ servicelevel: z.string(), name: z.string(), shipping_cost: z.number() })),
  tax: z.number(),
});
const shippingResponses = {
  200: json(shippingAnswer, 'Prices for the destination; stored on the basket'),
  ...failures(400, 404),
};

const customerShipping = createRoute({
  method: 'post',
  path: '/a/user/shipping/{basketNum}',
  summary: "Shipping options and tax of a customer's basket",
  security: bearer,
  request: { params: shippingParams, body: jsonBody(shippingBody, false) },
  responses: { ...shippingResponses, ...failures(401) },
});
const guestShipping = createRoute({
  method: 'post',
  path: '/a/shipping/{basketNum}',
  summary: "Shipping options and tax of a guest's basket",
  request: { params: shippingParams, body: jsonBody(shippingBody, false) },
  responses: shippingResponses,
});

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
  operations: [customerShipping, guestShipping],
  register(app, ctx) {
    app.on(...at(customerShipping), requireUser, (c) =>
      answerShipping(c, ctx, { kind: 'customer', claims: c.get('user')! }),
    );
    app.on(...at(guestShipping), (c) => answerShipping(c, ctx, { kind: 'guest' }));
  },
};
