import type { Db } from '../core/db.ts';
import { demoAddress } from './accounts.ts';
import { invoiceNumberOf, manufacturerName } from '../rules/invoice.ts';
import { customerCanEdit, type LineStatus, type OrderStatus } from '../rules/orders.ts';

/**
 * Orders of the demo customers in every order and line status, some older than the 60-day history
 * window, some from the new shop (S-prefixed), with tracking numbers of each kind. Dates are
 * relative to the first start so a fresh database always has recent orders.
 */
export const DEMO_CUSTOMER = 'customer@example.com';
export const DEMO_ACAI = 'acai@example.com';
export const DEMO_GUEST = 'guest@example.com';

export const TRACKING = {
  inTransit: 'EZ1000000001',
  delivered: 'EZ2000000002',
  parcel: 'PP3000000003',
  thirdParty: 'TP4000000004',
} as const;

interface SeedLine {
  status: LineStatus;
  quantity?: number;
  bo?: number;
  nla?: number;
  tracking?: string;
}

interface SeedOrder {
  orderNo: string;
  email: string;
  status: OrderStatus;
  daysAgo: number;
  lines: SeedLine[];
  serviceLevel?: string;
  /**
   * A fixed UTC time of day (hours). 3.5 puts the order at 03:30 UTC, the evening before in the
   * store's time zone, so the date every page shows must be the store's day, not the UTC one.
   */
  utcHour?: number;
}

const T = TRACKING;
export const SEED_ORDERS: readonly SeedOrder[] = [
  {
    orderNo: '600101',
    email: DEMO_CUSTOMER,
    status: 'pending',
    daysAgo: 1,
    lines: [{ status: 'Pending' }, { status: 'Pending', quantity: 2 }],
  },
  {
    orderNo: '600102',
    email: DEMO_CUSTOMER,
    status: 'waiting_on_manufacturer',
    daysAgo: 4,
    lines: [{ status: 'Pending', bo: 1 }, { status: 'Processing' }],
  },
  { orderNo: '600103', email: DEMO_CUSTOMER, status: 'in_stock', daysAgo: 6, lines: [{ status: 'Processing' }] },
  {
    orderNo: '600104',
    email: DEMO_CUSTOMER,
    status: 'awaiting_shipment',
    daysAgo: 8,
    lines: [{ status: 'Filled' }, { status: 'Filled', quantity: 3 }],
    utcHour: 3.5,
  },
  {
    orderNo: '600105',
    email: DEMO_CUSTOMER,
    status: 'partially_shipped',
    daysAgo: 12,
    lines: [
      { status: 'Completed', tracking: T.inTransit },
      { status: 'Pending', bo: 1 },
    ],
  },
  {
    orderNo: '600106',
    email: DEMO_CUSTOMER,
    status: 'shipped',
    daysAgo: 15,
    lines: [{ status: 'Completed', tracking: T.parcel }],
    serviceLevel: '07',
  },
  {
    orderNo: '600107',
    email: DEMO_CUSTOMER,
    status: 'en_route',
    daysAgo: 18,
    lines: [{ status: 'Dropshipped', tracking: T.thirdParty }],
  },
  {
    orderNo: '600108',
    email: DEMO_CUSTOMER,
    status: 'delivered',
    daysAgo: 24,
    lines: [{ status: 'Completed', tracking: T.delivered }, { status: 'Completed' }],
  },
  {
    orderNo: '600109',
    email: DEMO_CUSTOMER,
    status: 'delivery_exception',
    daysAgo: 27,
    lines: [{ status: 'Completed', tracking: T.inTransit }],
  },
  {
    orderNo: '600110',
    email: DEMO_CUSTOMER,
    status: 'cancellation_requested',
    daysAgo: 3,
    lines: [{ status: 'Processing' }],
  },
  {
    orderNo: '600111',
    email: DEMO_CUSTOMER,
    status: 'cancelled',
    daysAgo: 9,
    lines: [{ status: 'Void' }, { status: 'Void', nla: 1 }],
  },
  {
    orderNo: '600112',
    email: DEMO_CUSTOMER,
    status: 'delivered',
    daysAgo: 75,
    lines: [{ status: 'Completed', tracking: T.delivered }],
  },
  { orderNo: '600113', email: DEMO_CUSTOMER, status: 'delivered', daysAgo: 200, lines: [{ status: 'Completed' }] },
  {
    orderNo: 'S10045',
    email: DEMO_CUSTOMER,
    status: 'shipped',
    daysAgo: 5,
    lines: [{ status: 'Completed', tracking: T.inTransit }],
  },
  { orderNo: 'S10046', email: DEMO_CUSTOMER, status: 'pending', daysAgo: 2, lines: [{ status: 'Pending' }] },
  { orderNo: '600201', email: DEMO_ACAI, status: 'pending', daysAgo: 2, lines: [{ status: 'Pending' }] },
  {
    orderNo: '600202',
    email: DEMO_ACAI,
    status: 'in_stock',
    daysAgo: 5,
    lines: [{ status: 'Processing' }, { status: 'Filled' }],
  },
  {
    orderNo: '600203',
    email: DEMO_ACAI,
    status: 'shipped',
    daysAgo: 11,
    lines: [{ status: 'Completed', tracking: T.inTransit }],
  },
  {
    orderNo: '600204',
    email: DEMO_ACAI,
    status: 'delivered',
    daysAgo: 32,
    lines: [{ status: 'Completed', tracking: T.delivered }],
  },
  { orderNo: '600205', email: DEMO_ACAI, status: 'delivered', daysAgo: 90, lines: [{ status: 'Completed' }] },
  { orderNo: 'S10047', email: DEMO_ACAI, status: 'awaiting_shipment', daysAgo: 1, lines: [{ status: 'Filled' }] },
  {
    orderNo: '600301',
    email: DEMO_GUEST,
    status: 'shipped',
    daysAgo: 7,
    lines: [{ status: 'Completed', tracking: T.thirdParty }],
  },
  {
    orderNo: '600302',
    email: DEMO_GUEST,
    status: 'delivered',
    daysAgo: 20,
    lines: [{ status: 'Completed', tracking: T.delivered }],
  },
  {
    orderNo: '600303',
    email: DEMO_GUEST,
    status: 'delivered',
    daysAgo: 35,
    lines: [{ status: 'Completed', tracking: T.delivered }],
  },
];

/**
 * Orders open for rating and the one already rated (README lists their encoded numbers).
 * @public The seed data's documentation, read by people rather than code.
 */
export const RATING_OPEN = ['600108', '600302'] as const;
export const RATING_DONE = '600303';

export function trackingLink(trackingNumber: string): string {
  if (trackingNumber.startsWith('TP')) return `https://www.fedex.com/fedextrack/?trknbr=${trackingNumber}`;
  return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNumber}`;
}

interface ProductRow {
  product_id: number;
  store_id: string;
  sku: string;
  name: string;
  mfg_account_id: number;
  base_price: number;
  price_discounted: number;
}

/** The demo address as an order record spells it: lower-case name keys, no verification flag. */
function address(firstName: string, lastName: string, email: string) {
  const {
    firstName: firstname,
    lastName: lastname,
    address_verified: _verified,
    ...rest
  } = demoAddress(firstName, lastName, email);
  return { firstname, lastname, ...rest };
}

const DAY = 86_400_000;

/** Days before the first start, spread an hour apart, or at the order's fixed UTC time of day. */
export function seedDate(now: Date, order: Pick<SeedOrder, 'daysAgo' | 'utcHour'>, orderIndex: number): Date {
  if (order.utcHour === undefined) return new Date(now.getTime() - order.daysAgo * DAY - orderIndex * 3_600_000);
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - order.daysAgo * DAY;
  return new Date(day + order.utcHour * 3_600_000);
}

export function seedOrders(db: Db, now = new Date()): void {
  const products = db
    .prepare(
      "SELECT product_id, store_id, sku, name, mfg_account_id, base_price, price_discounted FROM products WHERE base_price > 0 AND store_id = 'marine' AND ship_class = 'now' ORDER BY product_id LIMIT 60",
    )
    .all() as unknown as ProductRow[];
  const insertOrder = db.prepare(
    `INSERT INTO orders (order_no, invoice_num, store_id, user_id, email, pay_type, status, date_ordered, ship_type, ship_charge, subtotal, tax, total,
       shipping_json, billing_json, customer_can_edit, cancellation_requested, void)
     VALUES (?, ?, 'marine', ?, ?, 'cc', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertItem = db.prepare(
    `INSERT INTO order_items (order_id, product_id, sku, name, manufacturer, quantity, quantity_bo, quantity_nla, price, your_price, po_no, status, tracking)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTracking = db.prepare('INSERT INTO order_trackings (order_id, name, link) VALUES (?, ?, ?)');
  const userOf = db.prepare('SELECT id, first_name, last_name FROM users WHERE email = ?');

  SEED_ORDERS.forEach((order, orderIndex) => {
    const user = userOf.get(order.email) as { id: number; first_name: string; last_name: string } | undefined;
    const names = user
      ? [user.first_name, user.last_name]
      : order.email === DEMO_GUEST
        ? ['Gale', 'Guest']
        : ['Casey', 'Marsh'];
    const where = address(names[0] ?? '', names[1] ?? '', order.email);
    const lines = order.lines.map((line, lineIndex) => {
      const product = products[(orderIndex * 3 + lineIndex) % Math.max(products.length, 1)];
      return { line, product, quantity: line.quantity ?? 1 };
    });
    const subtotal =
      Math.round(
        lines.reduce((sum, { product, quantity }) => sum + (product?.price_discounted ?? 19.99) * quantity, 0) * 100,
      ) / 100;
    const shipCharge = order.serviceLevel === '07' ? 19.9 : 9.45;
    const tax = Math.round(subtotal * 0.061 * 100) / 100;
    const number = /^\d+$/.test(order.orderNo) ? Number(order.orderNo) : 0;
    const invoice = number ? invoiceNumberOf(number) : `${order.orderNo}-1`;
    const date = seedDate(now, order, orderIndex);
    const isVoid = order.status === 'cancelled';
    const result = insertOrder.run(
      order.orderNo,
      invoice,
      user?.id ?? null,
      order.email,
      order.status,
      date.toISOString(),
      order.serviceLevel ?? '04',
      shipCharge,
      subtotal,
      tax,
      Math.round((subtotal + shipCharge + tax) * 100) / 100,
      JSON.stringify(where),
      JSON.stringify(where),
      customerCanEdit(order.status) ? 1 : 0,
      order.status === 'cancellation_requested' ? 1 : 0,
      isVoid ? 1 : 0,
    );
    const orderId = result.lastInsertRowid;
    const trackings = new Set<string>();
    lines.forEach(({ line, product, quantity }, lineIndex) => {
      insertItem.run(
        orderId,
        product?.product_id ?? null,
        product?.sku ?? `DEMO-${orderIndex}-${lineIndex}`,
        product?.name ?? 'Demo part',
        manufacturerName('marine', product?.mfg_account_id ?? 1),
        quantity,
        line.bo ?? 0,
        line.nla ?? 0,
        product?.base_price ?? 19.99,
        product?.price_discounted ?? 19.99,
        line.status === 'Dropshipped' ? `PO${order.orderNo}${lineIndex}` : null,
        line.status,
        line.tracking ?? null,
      );
      if (line.tracking) trackings.add(line.tracking);
    });
    for (const name of trackings) insertTracking.run(orderId, name, trackingLink(name));
  });
}
