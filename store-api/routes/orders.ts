import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ApiContext, ApiEnv } from '../core/context.ts';
import { transaction, type Db } from '../core/db.ts';
import { requireUser } from '../core/auth.ts';
import { BASKET_KEY_HEADER, hashBasketKey } from '../core/basket-key.ts';
import { ApiError, badRequest, notFound } from '../core/errors.ts';
import type { AccessClaims } from '../core/tokens.ts';
import { buildReceipt, compactTimestamp, DISPLAY_OFFSET } from '../rules/invoice.ts';
import { parseJson, readAddress } from '../rules/address.ts';
import { serviceLevelOf } from '../rules/shipping.ts';
import {
  CANCEL_REASONS,
  CANCEL_REFUSED_MESSAGE,
  cancellationOutcome,
  historyWindow,
  LEGACY_RANGES,
  orderNoFromDisplay,
  parseDay,
} from '../rules/orders.ts';
import { isRecord, parseInput, readJsonBody } from '../core/input.ts';
import { seedOrders } from '../seed/orders.ts';
import { clientKey, createRateLimiter, limitsSkipped, overLimit, type RateLimit } from '../core/rate-limit.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, bearer, failures, json, jsonBody } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';
import { orderInvoice_ } from '../core/invoice-schema.ts';

/**
 * Guest lookups per e-mail address and per client: order and invoice numbers are sequential, so
 * without a limit an address's orders could be found by counting. Generous for a person typing.
 */
export const GUEST_LOOKUP_PER_EMAIL: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };
export const GUEST_LOOKUP_PER_CLIENT: RateLimit = { limit: 100, windowMs: 15 * 60 * 1000 };

interface OrderRow {
  id: number;
  order_no: string;
  invoice_num: string;
  store_id: string;
  user_id: number | null;
  email: string;
  status: string;
  date_ordered: string;
  ship_type: string;
  total: number;
  shipping_json: string | null;
  customer_can_edit: number;
  cancellation_requested: number;
  void: number;
}

interface InvoiceRow extends OrderRow {
  pay_type: string;
  ship_charge: number;
  subtotal: number;
  tax: number;
  billing_json: string | null;
}

interface PricedItemRow {
  sku: string;
  name: string;
  quantity: number;
  price: number;
  your_price: number;
}

interface ItemRow {
  name: string;
  manufacturer: string;
  sku: string;
  quantity: number;
  quantity_bo: number;
  quantity_nla: number;
  po_no: string | null;
  status: string;
  tracking: string | null;
}

const ORDER_COLUMNS =
  'id, order_no, invoice_num, store_id, user_id, email, status, date_ordered, ship_type, total, shipping_json, customer_can_edit, cancellation_requested, void';
/** The columns of an order with what its invoice needs besides. */
const INVOICE_COLUMNS = `${ORDER_COLUMNS}, pay_type, ship_charge, subtotal, tax, billing_json`;

/** One order as the spec's Order history record (checkout §3). */
function historyRecord(db: Db, order: OrderRow) {
  const items = db
    .prepare(
      'SELECT name, manufacturer, sku, quantity, quantity_bo, quantity_nla, po_no, status, tracking FROM order_items WHERE order_id = ? ORDER BY id',
    )
    .all(order.id) as unknown as ItemRow[];
  const trackings = db
    .prepare('SELECT link, name FROM order_trackings WHERE order_id = ? ORDER BY id')
    .all(order.id) as unknown as {
    link: string;
    name: string;
  }[];
  const to = readAddress(parseJson(order.shipping_json));
  return {
    orderno: {
      order_no: /^\d+$/.test(order.order_no) ? Number(order.order_no) : order.order_no,
      invoice_no: order.invoice_num,
      date_ordered: compactTimestamp(new Date(order.date_ordered)),
      order_total: order.total,
      status_for_customer: order.status,
      ship_type: serviceLevelOf(order.ship_type)?.name ?? order.ship_type,
      customer_can_edit: order.customer_can_edit === 1,
      cancellation_requested: order.cancellation_requested === 1,
      void: order.void === 1,
    },
    ship_to: {
      first_name: to?.firstname ?? '',
      last_name: to?.lastname ?? '',
      address1: to?.address1 ?? '',
      city: to?.city ?? '',
      state: to?.state ?? '',
      zip: to?.zip ?? '',
      country: to?.country ?? '',
    },
    status: order.status,
    items: items.map((item) => ({
      name: item.name,
      manufacturer: item.manufacturer,
      sku: item.sku,
      quantity: item.quantity,
      quantity_bo: item.quantity_bo,
      quantity_nla: item.quantity_nla,
      po_no: item.po_no,
      status_for_customer: item.status,
      tracking: item.tracking,
    })),
    trackings: trackings.map((tracking) => ({ link: tracking.link, name: tracking.name })),
  };
}

/**
 * A customer's orders: those placed while signed in, or guest orders joined by a claim
 * (order-claims.ts). An e-mail address alone never makes an order someone's.
 */
const OWNED = 'user_id = ?';

/** The number an order is shown (and cancelled, and invoiced) under: 1000 above a returned number, S-numbers as they are. */
function displayOf(orderNo: string): number | string {
  return /^\d+$/.test(orderNo) ? Number(orderNo) + DISPLAY_OFFSET : orderNo;
}

/**
 * One order's invoice, as the receipt of its checkout gave it (spec checkout §3 Invoice), drawn
 * from the order as it is stored, plus how it was paid.
 */
function orderInvoice(db: Db, order: InvoiceRow) {
  const items = db
    .prepare('SELECT sku, name, quantity, price, your_price FROM order_items WHERE order_id = ? ORDER BY id')
    .all(order.id) as unknown as PricedItemRow[];
  const { JSONINVOICE } = buildReceipt({
    orderNo: 0,
    invoiceNum: order.invoice_num,
    orderedAt: new Date(order.date_ordered),
    storeId: order.store_id,
    billing: readAddress(parseJson(order.billing_json)),
    shipping: readAddress(parseJson(order.shipping_json)),
    lines: items.map((item) => ({
      sku: item.sku,
      name: item.name,
      mfg_account_id: 0,
      quantity: item.quantity,
      base_price: item.price,
      price_discounted: item.your_price,
    })),
    subtotal: order.subtotal,
    tax: order.tax,
    shipType: serviceLevelOf(order.ship_type)?.name ?? order.ship_type,
    shipCharge: order.ship_charge,
  });
  return {
    ...JSONINVOICE,
    order_no_display: displayOf(order.order_no),
    pay_type: order.pay_type,
    email: order.email,
  };
}

/**
 * One order as the history and the guest lookup answer it, its invoice with it: the list shows
 * each order's price breakdown without a call per order, and a guest has no account to open it from.
 */
function pricedRecord(db: Db, order: InvoiceRow) {
  return { ...historyRecord(db, order), invoice: orderInvoice(db, order) };
}

const text = z.string().trim().max(100);
const historyQuery = z.object({
  from_date: text.optional(),
  to_date: text.optional(),
  legacy_date_range: z.enum(LEGACY_RANGES, { message: 'month, year or all' }).optional(),
  store_id: z.enum(['marine', 'cycle'], { message: 'marine or cycle' }).optional(),
});

function day(value: string | undefined, field: string): Date | null {
  if (value === undefined || value === '') return null;
  const date = parseDay(value);
  if (!date) throw badRequest(`${field}: YYYY-MM-DD`);
  return date;
}

function history(c: Context<ApiEnv>, ctx: ApiContext) {
  const query = parseInput(historyQuery, c.req.query(), 'query');
  const fromDate = day(query.from_date, 'from_date');
  if (!fromDate && !query.legacy_date_range) throw badRequest('from_date: required (or legacy_date_range)');
  const window = historyWindow(ctx.now(), {
    fromDate,
    toDate: day(query.to_date, 'to_date'),
    range: query.legacy_date_range ?? null,
  });
  if (!window) return c.json([]);
  const user = c.get('user') as AccessClaims;
  const rows = ctx.db
    .prepare(
      `SELECT ${INVOICE_COLUMNS} FROM orders WHERE ${OWNED} AND date_ordered >= ? AND date_ordered <= ? AND (? IS NULL OR store_id = ?)
       ORDER BY date_ordered DESC, id DESC`,
    )
    .all(
      user.userid,
      window.from.toISOString(),
      window.to.toISOString(),
      query.store_id ?? null,
      query.store_id ?? null,
    ) as unknown as InvoiceRow[];
  return c.json(rows.map((row) => pricedRecord(ctx.db, row)));
}

const guestQuery = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .pipe(z.email({ message: 'invalid e-mail address' })),
  order_no: text.optional(),
  invoice_no: text.optional(),
});

interface GuestLookupLimiters {
  perClient: ReturnType<typeof createRateLimiter>;
  perEmail: ReturnType<typeof createRateLimiter>;
}

/**
 * Guest lookup: an order number as shown (plus 1000) or as returned, or an invoice number. A wrong e-mail and a
 * wrong number answer alike (`[]`, same query), so neither can be told apart.
 */
function guestLookup(c: Context<ApiEnv>, ctx: ApiContext, limiters: GuestLookupLimiters) {
  const query = parseInput(guestQuery, c.req.query(), 'query');
  if (!limitsSkipped(c, ctx)) {
    const refused = overLimit(
      c,
      [
        { limiter: limiters.perClient, key: clientKey(c), windowMs: GUEST_LOOKUP_PER_CLIENT.windowMs },
        { limiter: limiters.perEmail, key: query.email.toLowerCase(), windowMs: GUEST_LOOKUP_PER_EMAIL.windowMs },
      ],
      ctx.now().getTime(),
    );
    if (refused) return refused;
  }
  const orderNo = query.order_no ?? '';
  const invoiceNo = query.invoice_no ?? '';
  if (!orderNo && !invoiceNo) throw badRequest('order_no: required (or invoice_no)');
  const numbers = orderNo
    ? [orderNo.toUpperCase(), orderNoFromDisplay(orderNo)].filter((value): value is string => Boolean(value))
    : [];
  const rows = ctx.db
    .prepare(
      `SELECT ${INVOICE_COLUMNS} FROM orders WHERE email = ? AND (order_no IN (?, ?) OR (? <> '' AND invoice_num = ?)) ORDER BY date_ordered DESC`,
    )
    .all(query.email, numbers[0] ?? '', numbers[1] ?? '', invoiceNo, invoiceNo) as unknown as InvoiceRow[];
  return c.json(rows.map((row) => pricedRecord(ctx.db, row)));
}

const cancelBody = z
  .object({
    cancellation_reason: z
      .enum(CANCEL_REASONS, { message: `one of ${CANCEL_REASONS.join(', ')}` })
      .default('ordered_by_mistake'),
    cancellation_note: z.string().trim().max(2000).optional(),
  })
  .loose();

/**
 * The invoice of one of the caller's orders; another's order answers as an unknown one. A caller
 * without a token is a guest: the key that owns the basket a guest order was placed from opens it.
 */
function invoice(c: Context<ApiEnv>, ctx: ApiContext) {
  const orderNo = orderNoFromDisplay(c.req.param('orderNoDisplay') ?? '');
  if (!orderNo) throw notFound('order not found');
  const user = c.get('user');
  const order = user
    ? (ctx.db
        .prepare(`SELECT ${INVOICE_COLUMNS} FROM orders WHERE order_no = ? AND ${OWNED}`)
        .get(orderNo, user.userid) as InvoiceRow | undefined)
    : guestOrder(ctx.db, orderNo, hashBasketKey(c.req.header(BASKET_KEY_HEADER)));
  if (!order) throw notFound('order not found');
  return c.json(orderInvoice(ctx.db, order));
}

/** A guest order whose basket this key owns; a customer's order never opens by a key. */
function guestOrder(db: Db, orderNo: string, keyHash: string | null): InvoiceRow | undefined {
  if (!keyHash) return undefined;
  const columns = INVOICE_COLUMNS.split(', ')
    .map((column) => `o.${column}`)
    .join(', ');
  return db
    .prepare(
      `SELECT ${columns} FROM orders o JOIN baskets b ON b.basket_num = o.basket_num
       WHERE o.order_no = ? AND o.user_id IS NULL AND b.owner_key = ?`,
    )
    .get(orderNo, keyHash) as InvoiceRow | undefined;
}

/** The invoice needs a customer's token or a guest's basket key. */
const customerOrGuestKey: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.get('user') && !hashBasketKey(c.req.header(BASKET_KEY_HEADER)))
    return c.json({ message: 'user is not logged in' }, 401);
  await next();
  return undefined;
};

async function cancel(c: Context<ApiEnv>, ctx: ApiContext) {
  const body = (await readJsonBody(c)) ?? {};
  if (!isRecord(body)) throw badRequest('payload: must be an object');
  const { cancellation_reason: reason, cancellation_note: note } = parseInput(cancelBody, body);
  if (reason === 'other' && !note) throw badRequest('cancellation_note: required');
  const orderNo = orderNoFromDisplay(c.req.param('orderNoDisplay') ?? '');
  if (!orderNo) throw notFound('order not found');
  const user = c.get('user') as AccessClaims;
  const outcome = transaction(ctx.db, () => {
    const order = ctx.db
      .prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_no = ? AND ${OWNED}`)
      .get(orderNo, user.userid) as OrderRow | undefined;
    if (!order) throw notFound('order not found');
    const result = cancellationOutcome({ status: order.status, void: order.void === 1 });
    if (result === 'cancelled') {
      ctx.db
        .prepare(
          "UPDATE orders SET status = 'cancelled', void = 1, customer_can_edit = 0, cancellation_reason = ?, cancellation_note = ? WHERE id = ?",
        )
        .run(reason, note ?? '', order.id);
      ctx.db.prepare("UPDATE order_items SET status = 'Void' WHERE order_id = ?").run(order.id);
    } else if (result === 'requested' && order.cancellation_requested === 0) {
      ctx.db
        .prepare(
          "UPDATE orders SET status = 'cancellation_requested', cancellation_requested = 1, customer_can_edit = 0, cancellation_reason = ?, cancellation_note = ? WHERE id = ?",
        )
        .run(reason, note ?? '', order.id);
    }
    return result;
  });
  if (outcome === 'refused') throw new ApiError(409, CANCEL_REFUSED_MESSAGE);
  if (outcome === 'requested') return c.json({ message: 'cancellation requested' }, 406);
  return c.json({ message: 'order cancelled' });
}

const historyRecord_ = z
  .object({
    orderno: z
      .object({
        order_no: z.union([z.number(), z.string()]),
        invoice_no: z.union([z.number(), z.string()]).nullable(),
        date_ordered: z.string(),
        order_total: z.number(),
        status_for_customer: z.string(),
      })
      .loose(),
    ship_to: z.record(z.string(), z.unknown()),
    status: z.string(),
    items: z.array(z.object({ name: z.string(), sku: z.string(), quantity: z.number() }).loose()),
    trackings: z.array(z.object({ link: z.string(), name: z.string() })),
    /** The order's invoice: its lines priced, subtotal, tax, shipping and total, and how it was paid. */
    invoice: orderInvoice_,
  })
  .meta({ id: 'OrderHistoryRecord' });
const history_ = createRoute({
  method: 'get',
  path: '/v2/orders/history',
  summary: "The customer's orders, newest first, at most 60 days back",
  security: bearer,
  request: { query: historyQuery },
  responses: { 200: json(z.array(historyRecord_)), ...failures(400, 401) },
});
const guestHistory = createRoute({
  method: 'get',
  path: '/v2/orders/history/guest',
  summary: 'A guest order by e-mail and order or invoice number ([] when none matches)',
  request: { query: guestQuery },
  responses: { 200: json(z.array(historyRecord_)), ...failures(400, 429) },
});
const invoiceRoute = createRoute({
  method: 'get',
  path: '/v2/orders/{orderNoDisplay}/invoice',
  summary:
    "One of the caller's orders as its invoice, with how it was paid: a customer's by token, a guest's by the key of its basket",
  security: [...bearer, {}],
  request: { params: z.object({ orderNoDisplay: z.string() }) },
  responses: { 200: json(orderInvoice_), ...failures(401, 404) },
});
const cancelRoute = createRoute({
  method: 'delete',
  path: '/v2/orders/{orderNoDisplay}',
  summary: 'Cancels an order, or asks for its cancellation',
  security: bearer,
  request: { params: z.object({ orderNoDisplay: z.string() }), body: jsonBody(cancelBody, false) },
  responses: {
    200: json(z.object({ message: z.literal('order cancelled') })),
    406: json(z.object({ message: z.literal('cancellation requested') }), 'Cancellation requested instead'),
    ...failures(400, 401, 404, 409),
  },
});

export const ordersModule: RouteModule = {
  name: 'orders',
  operations: [history_, guestHistory, invoiceRoute, cancelRoute],
  seed: (db) => seedOrders(db),
  register(app, ctx) {
    const limiters = {
      perClient: createRateLimiter(GUEST_LOOKUP_PER_CLIENT),
      perEmail: createRateLimiter(GUEST_LOOKUP_PER_EMAIL),
    };
    ctx.limiters.push(limiters.perClient, limiters.perEmail);
    app.on(...at(guestHistory), (c) => guestLookup(c, ctx, limiters));
    app.on(...at(history_), requireUser, (c) => history(c, ctx));
    app.on(...at(invoiceRoute), customerOrGuestKey, (c) => invoice(c, ctx));
    app.on(...at(cancelRoute), requireUser, (c) => cancel(c, ctx));
  },
};
