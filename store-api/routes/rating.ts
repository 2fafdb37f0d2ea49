import { z } from 'zod';
import type { Db } from '../core/db.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { parseJson, readAddress } from '../rules/address.ts';
import {
  ALREADY_REVIEWED_MESSAGE,
  dealerName,
  decodeOrderNo,
  DIFFICULTIES,
  encodeOrderNo,
  REPAIR_TIMES,
} from '../rules/rating.ts';
import { isRecord, parseInput, readJsonBody } from '../core/input.ts';
import { badRequest } from '../core/errors.ts';
import { RATING_DONE } from '../seed/orders.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, failures, json, jsonBody } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS order_ratings (
  order_no TEXT PRIMARY KEY,
  rating_json TEXT NOT NULL,
  rated_at TEXT NOT NULL
);
`;

interface RatedOrder {
  order_no: string;
  store_id: string;
  shipping_json: string | null;
  rated: number;
}

function findOrder(db: Db, orderNo: string): RatedOrder | undefined {
  return db
    .prepare(
      'SELECT o.order_no, o.store_id, o.shipping_json, r.order_no IS NOT NULL AS rated FROM orders o LEFT JOIN order_ratings r ON r.order_no = o.order_no WHERE o.order_no = ?',
    )
    .get(orderNo) as RatedOrder | undefined;
}

function orderOf(db: Db, encoded: string, key: string): RatedOrder {
  const orderNo = decodeOrderNo(encoded, key);
  const order = orderNo ? findOrder(db, orderNo) : undefined;
  if (!order) throw notFound('order not found');
  return order;
}

const score = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'a whole number').transform(Number)])
  .pipe(z.number().int('1 to 5').min(1, '1 to 5').max(5, '1 to 5'));
const freeText = z.string().trim().max(5000).optional();
/** Shopping experience is a 1-5 score or the shopper's own words; a number must be 1 to 5. */
const experience = z
  .union([z.number(), z.string().trim().min(1).max(5000)])
  .refine(
    (value) =>
      typeof value === 'number' || /^\d+$/.test(value)
        ? Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 5
        : true,
    '1 to 5',
  );
const ratingBody = z
  .object({
    store_rating: score,
    shopping_experience: experience,
    engine_make: freeText,
    repair_difficulty: z.union([z.literal(''), z.enum(DIFFICULTIES, { message: DIFFICULTIES.join(', ') })]).optional(),
    repair_time: z.union([z.literal(''), z.enum(REPAIR_TIMES, { message: REPAIR_TIMES.join(', ') })]).optional(),
    repair_symptoms: freeText,
    repair_story: freeText,
  })
  .loose();

const encodeRoute = createRoute({
  method: 'get',
  path: '/admin/public/rate_merchant/order-no-encode/{orderNo}',
  summary: 'Back office: the rating link code of an order (404 in production mode)',
  request: { params: z.object({ orderNo: z.string() }) },
  responses: { 200: json(z.object({ encoded: z.string() })), ...failures(404) },
});
const encodedParams = z.object({ orderNoEnc: z.string() });
const ratingGreeting = createRoute({
  method: 'get',
  path: '/admin/public/rate_merchant/{orderNoEnc}',
  summary: 'What the rating page greets with',
  request: { params: encodedParams },
  responses: { 200: json(z.object({ DEALERNAME: z.string(), FNAME: z.string() })), ...failures(404, 409) },
});
const rate = createRoute({
  method: 'post',
  path: '/admin/public/rate_merchant/{orderNoEnc}',
  summary: 'Rates an order once',
  request: { params: encodedParams, body: jsonBody(ratingBody) },
  responses: { 200: json(z.object({ message: z.literal('thank you') })), ...failures(400, 404, 409) },
});

function seed(db: Db): void {
  db.prepare('INSERT INTO order_ratings (order_no, rating_json, rated_at) VALUES (?, ?, ?)').run(
    RATING_DONE,
    JSON.stringify({
      store_rating: 5,
      shopping_experience: 5,
      repair_difficulty: 'Easy',
      repair_time: '30 to 60 mins',
    }),
    new Date().toISOString(),
  );
}

export const ratingModule: RouteModule = {
  name: 'rating',
  operations: [encodeRoute, ratingGreeting, rate],
  schema: SCHEMA,
  seed,
  register(app, ctx) {
    // A back-office call (links go out by e-mail): never through the site's proxy, and gone in production.
    app.on(...at(encodeRoute), (c) => {
      if (ctx.mode === 'production') throw notFound('not found');
      const orderNo = (c.req.param('orderNo') ?? '').trim().toUpperCase();
      if (!/^S?\d{1,12}$/.test(orderNo) || !findOrder(ctx.db, orderNo)) throw notFound('order not found');
      return c.json({ encoded: encodeOrderNo(orderNo, ctx.ratingKey) });
    });
    app.on(...at(ratingGreeting), (c) => {
      const order = orderOf(ctx.db, c.req.param('orderNoEnc') ?? '', ctx.ratingKey);
      if (order.rated) throw new ApiError(409, ALREADY_REVIEWED_MESSAGE);
      const shipTo = readAddress(parseJson(order.shipping_json));
      // Only what the rating page greets with: the store's name and the buyer's first name.
      return c.json({ DEALERNAME: dealerName(order.store_id), FNAME: shipTo?.firstname ?? '' });
    });
    app.on(...at(rate), async (c) => {
      const body = await readJsonBody(c);
      if (!isRecord(body)) throw badRequest('payload: required');
      const order = orderOf(ctx.db, c.req.param('orderNoEnc') ?? '', ctx.ratingKey);
      const rating = parseInput(ratingBody, body);
      const saved = ctx.db
        .prepare(
          'INSERT INTO order_ratings (order_no, rating_json, rated_at) VALUES (?, ?, ?) ON CONFLICT (order_no) DO NOTHING',
        )
        .run(order.order_no, JSON.stringify(rating), ctx.now().toISOString());
      if (saved.changes === 0) throw new ApiError(409, ALREADY_REVIEWED_MESSAGE);
      return c.json({ message: 'thank you' });
    });
  },
};
