import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext, ApiEnv } from '../core/context.ts';
import type { Db } from '../core/db.ts';
import { transaction } from '../core/db.ts';
import { requireUser } from '../core/auth.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import type { AccessClaims } from '../core/tokens.ts';
import { cardApproved, cardDigits, cardFieldProblem, DECLINED_MESSAGE } from '../rules/card.ts';
import { buildReceipt, invoiceNumberOf, type Receipt } from '../rules/invoice.ts';
import { serviceLevelOf } from '../rules/shipping.ts';
import { loadCheckoutBasket, requireLines, storePricing, type Buyer } from '../data/checkout-basket.ts';
import { isRecord, parseInput, readJsonBody } from '../core/input.ts';
import { priceBasket } from '../rules/pricing.ts';
import { walletPage } from '../views/wallet-page.ts';
import { callerOf } from '../core/basket-key.ts';
import { walletTokenExpired } from '../rules/ownership.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, bearer, failures, json, jsonBody } from '../core/operation.ts';
import { invoice_ } from '../core/invoice-schema.ts';
import { createRoute } from '@hono/zod-openapi';

/** Orders of every kind live here; the orders module seeds and reads the same tables. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no TEXT NOT NULL UNIQUE,
  invoice_num TEXT NOT NULL,
  basket_num TEXT UNIQUE,
  store_id TEXT NOT NULL,
  user_id INTEGER,
  email TEXT NOT NULL COLLATE NOCASE,
  pay_type TEXT NOT NULL,
  status TEXT NOT NULL,
  date_ordered TEXT NOT NULL,
  ship_type TEXT NOT NULL,
  ship_charge REAL NOT NULL,
  subtotal REAL NOT NULL,
  tax REAL NOT NULL,
  total REAL NOT NULL,
  shipping_json TEXT,
  billing_json TEXT,
  notes TEXT NOT NULL DEFAULT '',
  customer_can_edit INTEGER NOT NULL DEFAULT 1,
  cancellation_requested INTEGER NOT NULL DEFAULT 0,
  cancellation_reason TEXT,
  cancellation_note TEXT,
  void INTEGER NOT NULL DEFAULT 0,
  receipt_json TEXT
);
CREATE INDEX IF NOT EXISTS orders_email ON orders (email);
CREATE INDEX IF NOT EXISTS orders_user ON orders (user_id);
CREATE TABLE IF NOT EXISTS order_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id INTEGER,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  manufacturer TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  quantity_bo INTEGER NOT NULL DEFAULT 0,
  quantity_nla INTEGER NOT NULL DEFAULT 0,
  price REAL NOT NULL,
  your_price REAL NOT NULL,
  po_no TEXT,
  status TEXT NOT NULL DEFAULT 'Pending',
  tracking TEXT
);
CREATE TABLE IF NOT EXISTS order_trackings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  link TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS wallet_payments (
  token TEXT PRIMARY KEY,
  basket_num TEXT NOT NULL,
  buyer_json TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  site_origin TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'created',
  order_no TEXT,
  created_at TEXT NOT NULL
);
`;

/** Numbers of orders placed here start above every seeded one. */
const FIRST_ORDER_NO = 700001;

function nextOrderNo(db: Db): number {
  const row = db
    .prepare("SELECT MAX(CAST(order_no AS INTEGER)) AS top FROM orders WHERE order_no NOT LIKE 'S%'")
    .get() as { top: number | null };
  return Math.max(FIRST_ORDER_NO, (row.top ?? 0) + 1);
}

function storedReceipt(db: Db, basketNum: string): Receipt | null {
  const row = db.prepare('SELECT receipt_json FROM orders WHERE basket_num = ?').get(basketNum) as
    { receipt_json: string | null } | undefined;
  return row?.receipt_json ? (JSON.parse(row.receipt_json) as Receipt) : null;
}

export type PayType = 'cc' | 'pp' | 'ol';

/** `ol` (order now, pay later) is taken only for the stores listed in `STORE_API_PAY_LATER_STORES`. */
export const PAY_LATER_REFUSED_MESSAGE = 'payType: ol is not offered by this store';

/**
 * Orders a basket at most once: inside one immediate transaction keyed on the basket, a basket
 * that already has an order answers that order's receipt and nothing new is written.
 */
export function placeOrder(ctx: ApiContext, basketNum: string, buyer: Buyer, payType: PayType, notes: string): Receipt {
  const { db } = ctx;
  return transaction(db, () => {
    const existing = storedReceipt(db, basketNum);
    if (existing) return existing;
    // The caller was checked before; this is the store's own read inside the order's transaction.
    const basket = loadCheckoutBasket(db, basketNum, buyer, 'internal');
    requireLines(basket);
    const priced = priceBasket(basket);
    storePricing(db, basketNum, priced);
    const orderNo = nextOrderNo(db);
    const orderedAt = ctx.now();
    const shipType = serviceLevelOf(priced.selected.servicelevel)?.name ?? priced.selected.servicelevel;
    const receipt = buildReceipt({
      orderNo,
      invoiceNum: invoiceNumberOf(orderNo),
      orderedAt,
      storeId: basket.storeId,
      billing: basket.billing,
      shipping: basket.shipping,
      lines: basket.lines,
      subtotal: basket.subtotal,
      tax: priced.tax,
      shipType,
      shipCharge: priced.selected.shipping_cost,
    });
    const email = buyer.kind === 'customer' ? basket.email || buyer.claims.email : basket.email;
    const inserted = db
      .prepare(
        `INSERT INTO orders (order_no, invoice_num, basket_num, store_id, user_id, email, pay_type, status, date_ordered,
           ship_type, ship_charge, subtotal, tax, total, shipping_json, billing_json, notes, receipt_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        String(orderNo),
        receipt.JSONINVOICE.invoice_num,
        basketNum,
        basket.storeId,
        basket.userId,
        email,
        payType,
        orderedAt.toISOString(),
        priced.selected.servicelevel,
        priced.selected.shipping_cost,
        basket.subtotal,
        priced.tax,
        receipt.JSONINVOICE.total,
        JSON.stringify(basket.shipping),
        JSON.stringify(basket.billing),
        notes,
        JSON.stringify(receipt),
      );
    const addItem = db.prepare(
      'INSERT INTO order_items (order_id, product_id, sku, name, manufacturer, quantity, price, your_price) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    receipt.GAITEMS.forEach((item, index) => {
      const line = basket.lines[index]!;
      addItem.run(
        inserted.lastInsertRowid,
        line.product_id,
        item.sku,
        item.name,
        item.manufacturer,
        item.quantity,
        line.base_price,
        line.price_discounted,
      );
    });
    db.prepare("UPDATE baskets SET ordered_order_no = ?, updated_at = datetime('now') WHERE basket_num = ?").run(
      orderNo,
      basketNum,
    );
    return receipt;
  });
}

const text = (max: number) =>
  z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(max));
const checkoutPayload = z
  .object({
    payType: z
      .string()
      .trim()
      .pipe(z.enum(['cc', 'pp', 'ol'], { message: 'must be cc, pp or ol' })),
    order_notes: z.string().max(2000).optional(),
    group_menu_id: z.union([z.number(), z.string()]).optional(),
    siteOrigin: z.string().max(200).optional(),
  })
  .loose();
const cardPayload = z
  .object({
    cardNumber: text(40),
    csv: text(10),
    exp_month: text(4).pipe(z.coerce.number()),
    exp_year: text(6).pipe(z.coerce.number()),
  })
  .loose();

const receipt = z
  .object({
    ORDER_NO: z.number().int(),
    JSONINVOICE: invoice_,
    GAITEMS: z.array(
      z.object({
        sku: z.string(),
        name: z.string(),
        manufacturer: z.string(),
        quantity: z.number(),
        price: z.number(),
      }),
    ),
    GAORDER: z.object({
      order_no: z.number(),
      display_name: z.string(),
      ordertotal: z.number(),
      tax: z.number(),
      shipping: z.number(),
    }),
  })
  .meta({ id: 'Receipt' });
const checkoutAnswer = z.union([z.object({ RECEIPT: receipt }), z.object({ PAYPAL_URL: z.string() })]);
const basketParams = z.object({ basketNum: z.string() });
const tokenParams = z.object({ token: z.string() });
const checkoutRequest = { params: basketParams, body: jsonBody(checkoutPayload.extend(cardPayload.partial().shape)) };
const checkoutResponses = {
  200: json(checkoutAnswer, 'The receipt, or the wallet page to approve at'),
  ...failures(400, 402, 404, 409),
};

const customerCheckout = createRoute({
  method: 'post',
  path: '/a/user/checkout/{basketNum}',
  summary: "Orders a customer's basket (a second submit answers the same receipt)",
  security: bearer,
  request: checkoutRequest,
  responses: { ...checkoutResponses, ...failures(401) },
});
const guestCheckout = createRoute({
  method: 'post',
  path: '/a/checkout/{basketNum}',
  summary: "Orders a guest's basket (a second submit answers the same receipt)",
  request: checkoutRequest,
  responses: checkoutResponses,
});
const customerCheckoutWithout = createRoute({
  method: 'post',
  path: '/a/user/checkout',
  summary: 'Always 400 basketNum: required',
  security: bearer,
  responses: failures(400, 401),
});
const guestCheckoutWithout = createRoute({
  method: 'post',
  path: '/a/checkout',
  summary: 'Always 400 basketNum: required',
  responses: failures(400),
});
const walletApproval = createRoute({
  method: 'get',
  path: '/paypal/approve/{token}',
  summary: 'The simulated wallet page; with a decision, back to the site',
  request: { params: tokenParams, query: z.object({ decision: z.enum(['approve', 'cancel']).optional() }) },
  responses: {
    200: { description: 'Approve and Cancel buttons', content: { 'text/html': { schema: z.string() } } },
    303: { description: 'Back to the site: payment-success or review-order, with the token' },
    404: { description: 'Unknown or expired token', content: { 'text/html': { schema: z.string() } } },
  },
});
const walletConfirmation = createRoute({
  method: 'post',
  path: '/a/paypal/{token}',
  summary: 'Confirms an approved wallet payment: the receipt',
  request: { params: tokenParams },
  responses: {
    200: json(z.object({ CODE: z.literal(0), RECEIPT: receipt })),
    404: json(z.object({ CODE: z.literal(1), message: z.string() }), 'Unknown wallet token'),
    409: json(
      z.object({ CODE: z.union([z.literal(2), z.literal(3)]), message: z.string() }),
      'Cancelled (2) or not yet approved (3)',
    ),
    ...failures(401),
  },
});

/** The site a wallet page returns to: the one named at checkout, else the caller's origin, if allowed. */
function returnOrigin(ctx: ApiContext, asked: string | undefined, header: string | undefined): string {
  const allowed = ctx.siteOrigins;
  if (asked !== undefined) {
    const origin = asked.replace(/\/+$/, '');
    if (!allowed.includes(origin)) throw badRequest('siteOrigin: not an allowed site');
    return origin;
  }
  if (header && allowed.includes(header)) return header;
  const first = allowed[0];
  if (!first) throw badRequest('siteOrigin: required');
  return first;
}

async function checkout(c: Context<ApiEnv>, ctx: ApiContext, buyer: Buyer) {
  const basketNum = (c.req.param('basketNum') ?? '').trim();
  if (!basketNum) throw badRequest('basketNum: required');
  const body = await readJsonBody(c);
  if (!isRecord(body)) throw badRequest('payload: required');
  const payload = parseInput(checkoutPayload, body);
  const notes = payload.order_notes?.trim() ?? '';
  const card = payload.payType === 'cc' ? parseInput(cardPayload, body) : null;

  const caller = callerOf(c);
  const existing = storedReceipt(ctx.db, basketNum);
  if (existing) {
    // Only the buyer who may see the basket gets its receipt.
    loadCheckoutBasket(ctx.db, basketNum, buyer, caller);
    return c.json({ RECEIPT: existing });
  }
  const basket = loadCheckoutBasket(ctx.db, basketNum, buyer, caller);
  if (payload.payType === 'ol' && !ctx.payLaterStores.includes(basket.storeId))
    throw badRequest(PAY_LATER_REFUSED_MESSAGE);
  requireLines(basket);

  if (payload.payType === 'pp') {
    const origin = returnOrigin(ctx, payload.siteOrigin, c.req.header('origin'));
    const token = `EC-${randomBytes(12).toString('hex').toUpperCase()}`;
    ctx.db
      .prepare(
        'INSERT INTO wallet_payments (token, basket_num, buyer_json, notes, site_origin, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(token, basketNum, JSON.stringify(buyer), notes, origin, ctx.now().toISOString());
    return c.json({ PAYPAL_URL: new URL(`paypal/approve/${token}`, new URL(c.req.url).origin + '/').href });
  }
  if (card) {
    const today = ctx.now();
    const cardInput = {
      cardNumber: cardDigits(card.cardNumber),
      csv: card.csv,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    };
    const problem = cardFieldProblem(cardInput, today);
    if (problem) throw badRequest(problem.message);
    if (!cardApproved(cardInput, today)) throw new ApiError(402, DECLINED_MESSAGE);
  }
  return c.json({ RECEIPT: placeOrder(ctx, basketNum, buyer, payload.payType, notes) });
}

interface WalletRow {
  token: string;
  basket_num: string;
  buyer_json: string;
  notes: string;
  site_origin: string;
  state: string;
  created_at: string;
}

const TOKEN = /^EC-[0-9A-F]{24}$/;

function walletPayment(db: Db, token: string): WalletRow | undefined {
  if (!TOKEN.test(token)) return undefined;
  return db
    .prepare(
      'SELECT token, basket_num, buyer_json, notes, site_origin, state, created_at FROM wallet_payments WHERE token = ?',
    )
    .get(token) as WalletRow | undefined;
}

/** A wallet link past its lifetime answers as unknown: a URL kept in a history or a log opens nothing. */
function liveWalletPayment(ctx: ApiContext, token: string): WalletRow | undefined {
  const row = walletPayment(ctx.db, token);
  return row && !walletTokenExpired(row.created_at, ctx.now()) ? row : undefined;
}

function walletBuyer(row: WalletRow): Buyer {
  const buyer = JSON.parse(row.buyer_json) as { kind: string; claims?: AccessClaims };
  return buyer.kind === 'customer' && buyer.claims ? { kind: 'customer', claims: buyer.claims } : { kind: 'guest' };
}

/** Whether this caller owns the basket the payment is for (a customer, or the guest's key). */
function ownsWalletBasket(c: Context<ApiEnv>, ctx: ApiContext, row: WalletRow, buyer: Buyer): boolean {
  try {
    loadCheckoutBasket(ctx.db, row.basket_num, buyer, callerOf(c));
    return true;
  } catch {
    return false;
  }
}

function confirmWallet(c: Context<ApiEnv>, ctx: ApiContext) {
  const row = liveWalletPayment(ctx, c.req.param('token') ?? '');
  const buyer = row ? walletBuyer(row) : null;
  const user = c.get('user');
  // A payment is confirmed, and its receipt read, by the basket's owner only.
  if (
    !row ||
    !buyer ||
    (buyer.kind === 'customer' && user?.userid !== buyer.claims.userid) ||
    !ownsWalletBasket(c, ctx, row, buyer)
  )
    return c.json({ CODE: 1, message: 'unknown wallet token' }, 404);
  if (row.state === 'cancelled') return c.json({ CODE: 2, message: 'the wallet payment was cancelled' }, 409);
  if (row.state === 'created') return c.json({ CODE: 3, message: 'the wallet payment has not been approved' }, 409);
  const receipt = transaction(ctx.db, () => {
    const placed = placeOrder(ctx, row.basket_num, buyer, 'pp', row.notes);
    ctx.db
      .prepare("UPDATE wallet_payments SET state = 'confirmed', order_no = ? WHERE token = ?")
      .run(String(placed.ORDER_NO), row.token);
    return placed;
  });
  return c.json({ CODE: 0, RECEIPT: receipt });
}

function walletDecision(c: Context<ApiEnv>, ctx: ApiContext) {
  // The token must not leave this page in a Referer (the site's analytics would keep it).
  c.header('Referrer-Policy', 'no-referrer');
  const row = liveWalletPayment(ctx, c.req.param('token') ?? '');
  if (!row) return c.html(walletPage({ kind: 'unknown' }), 404);
  const decision = c.req.query('decision');
  if (decision === 'approve' || decision === 'cancel') {
    if (row.state !== 'confirmed')
      ctx.db
        .prepare('UPDATE wallet_payments SET state = ? WHERE token = ?')
        .run(decision === 'approve' ? 'approved' : 'cancelled', row.token);
    const path = decision === 'approve' ? '/payment-success/' : '/review-order/';
    return c.redirect(`${row.site_origin}${path}?token=${encodeURIComponent(row.token)}`, 303);
  }
  let total: number | null = null;
  try {
    const basket = loadCheckoutBasket(ctx.db, row.basket_num, walletBuyer(row), 'internal');
    const priced = priceBasket(basket);
    total = basket.subtotal + priced.selected.shipping_cost + priced.tax;
  } catch {
    // The page still lets the shopper decide; the amount is only shown when known.
  }
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${row.site_origin}; frame-ancestors 'none'`,
  );
  return c.html(walletPage({ kind: 'decide', token: row.token, total, done: row.state === 'confirmed' }));
}

export const checkoutModule: RouteModule = {
  name: 'checkout',
  operations: [
    customerCheckout,
    customerCheckoutWithout,
    guestCheckout,
    guestCheckoutWithout,
    walletApproval,
    walletConfirmation,
  ],
  schema: SCHEMA,
  register(app, ctx) {
    const customer = (c: Context<ApiEnv>): Buyer => ({ kind: 'customer', claims: c.get('user')! });
    app.on(...at(customerCheckout), requireUser, (c) => checkout(c, ctx, customer(c)));
    app.on(...at(customerCheckoutWithout), requireUser, () => {
      throw badRequest('basketNum: required');
    });
    app.on(...at(guestCheckout), (c) => checkout(c, ctx, { kind: 'guest' }));
    app.on(...at(guestCheckoutWithout), () => {
      throw badRequest('basketNum: required');
    });
    app.on(...at(walletApproval), (c) => walletDecision(c, ctx));
    app.on(...at(walletConfirmation), (c) => confirmWallet(c, ctx));
  },
};
