import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { tokenFor } from './checkout-fixtures';
import type { AccessClaims } from '../../store-api/core/tokens.ts';
import { ORDER_STATUSES, LINE_STATUSES, historyWindow } from '../../store-api/rules/orders.ts';

let api: TestApi;
let customer: string;
let acai: string;

function claimsOf(email: string): AccessClaims {
  const row = api.api.ctx.db.prepare('SELECT id, first_name, last_name, role FROM users WHERE email = ?').get(email) as
    { id: number; first_name: string; last_name: string; role: string } | undefined;
  if (!row) throw new Error(`demo user ${email} missing`);
  return { userid: row.id, email, firstName: row.first_name, lastName: row.last_name, role: row.role, department: '' };
}

beforeAll(async () => {
  api = await startTestApi();
  customer = await tokenFor(api, claimsOf('customer@example.com'));
  acai = await tokenFor(api, claimsOf('acai@example.com'));
});
afterAll(() => api.close());

interface HistoryRecord {
  orderno: {
    order_no: number | string;
    invoice_no: string;
    date_ordered: string;
    status_for_customer: string;
    customer_can_edit: boolean;
    cancellation_requested: boolean;
    void: boolean;
    order_total: number;
    ship_type: string;
  };
  ship_to: Record<string, string>;
  status: string;
  items: {
    sku: string;
    status_for_customer: string;
    tracking: string | null;
    manufacturer: string;
    quantity_bo: number;
  }[];
  trackings: { link: string; name: string }[];
  invoice: unknown;
}

const all = { legacy_date_range: 'all' };
async function historyOf(token: string, query: Record<string, string> = all) {
  const answer = await api.call('GET', `v2/orders/history?${new URLSearchParams(query).toString()}`, { token });
  return { status: answer.status, body: answer.body as HistoryRecord[] };
}

describe('seeded orders', () => {
  it('cover every order status and line status', () => {
    const statuses = api.api.ctx.db
      .prepare('SELECT DISTINCT status FROM orders')
      .all()
      .map((row) => (row as { status: string }).status);
    expect(new Set(statuses)).toEqual(new Set(ORDER_STATUSES));
    const lines = api.api.ctx.db
      .prepare('SELECT DISTINCT status FROM order_items')
      .all()
      .map((row) => (row as { status: string }).status);
    expect(new Set(lines)).toEqual(new Set(LINE_STATUSES));
  });

  it('belong to the demo customers, some older than 60 days, some S-prefixed', () => {
    const rows = api.api.ctx.db
      .prepare(
        "SELECT order_no, date_ordered FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'customer@example.com'",
      )
      .all() as {
      order_no: string;
      date_ordered: string;
    }[];
    expect(rows.some((row) => row.order_no.startsWith('S'))).toBe(true);
    expect(rows.some((row) => Date.parse(row.date_ordered) < Date.now() - 60 * 86_400_000)).toBe(true);
  });
});

describe('order history', () => {
  it('answers the records of the customer, newest first, never older than 60 days', async () => {
    const { status, body } = await historyOf(customer);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(5);
    const numbers = body.map((record) => String(record.orderno.order_no));
    expect(numbers).toContain('S10045');
    expect(numbers).not.toContain('600112');
    expect(numbers).not.toContain('600201');
    const dates = body.map((record) => record.orderno.date_ordered);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const date of dates) expect(date).toMatch(/^\d{14}$/);
  });

  it('answers the record shape of the spec', async () => {
    const { body } = await historyOf(customer);
    const shipped = body.find((record) => record.orderno.order_no === 600105);
    expect(shipped).toMatchObject({
      orderno: {
        status_for_customer: 'partially_shipped',
        customer_can_edit: false,
        cancellation_requested: false,
        void: false,
        ship_type: 'standard',
      },
      ship_to: { first_name: 'Casey', last_name: 'Marsh', city: 'Salt Lake City', state: 'UT', zip: '84111' },
      status: 'partially_shipped',
      trackings: [{ name: 'EZ1000000001', link: expect.stringContaining('EZ1000000001') as unknown }],
    });
    expect(shipped?.items.map((item) => item.status_for_customer)).toEqual(['Completed', 'Pending']);
    expect(shipped?.items[1]?.quantity_bo).toBe(1);
    const cancelled = body.find((record) => record.orderno.order_no === 600111);
    expect(cancelled?.orderno.void).toBe(true);
  });

  it("carries each order's invoice as the invoice call answers it, so one call prices the whole list", async () => {
    const { body } = await historyOf(customer);
    expect(body.length).toBeGreaterThan(5);
    for (const record of body) {
      const number = /^\d+$/.test(String(record.orderno.order_no))
        ? String(Number(record.orderno.order_no) + 1000)
        : String(record.orderno.order_no);
      const invoice = await api.call('GET', `v2/orders/${number}/invoice`, { token: customer });
      expect(record.invoice).toEqual(invoice.body);
    }
  });

  it('honours the month range and from/to dates', async () => {
    const month = await historyOf(customer, { legacy_date_range: 'month' });
    expect(month.body.map((record) => record.orderno.order_no)).not.toContain(600113);
    const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const window = await historyOf(customer, { from_date: iso(10), to_date: iso(5) });
    const numbers = window.body.map((record) => record.orderno.order_no);
    expect(numbers).toEqual(expect.arrayContaining([600103, 600104, 600111]) as unknown);
    expect(numbers).not.toContain(600101);
    expect(numbers).not.toContain(600105);
    const old = await historyOf(customer, { from_date: iso(400), to_date: iso(70) });
    expect(old.body).toEqual([]);
  });

  it('filters by store', async () => {
    expect((await historyOf(customer, { ...all, store_id: 'cycle' })).body).toEqual([]);
    expect((await historyOf(customer, { ...all, store_id: 'marine' })).body.length).toBeGreaterThan(0);
    expect((await historyOf(customer, { ...all, store_id: 'moon' })).status).toBe(400);
  });

  it('needs from_date or legacy_date_range, valid dates and a token', async () => {
    expect((await historyOf(customer, {})).status).toBe(400);
    expect((await historyOf(customer, { to_date: '2026-01-01' })).status).toBe(400);
    expect((await historyOf(customer, { from_date: '2026-02-30' })).status).toBe(400);
    expect((await historyOf(customer, { legacy_date_range: 'decade' })).status).toBe(400);
    expect((await api.call('GET', 'v2/orders/history?legacy_date_range=all')).status).toBe(401);
  });

  it('keeps customers apart', async () => {
    const numbers = (await historyOf(acai)).body.map((record) => String(record.orderno.order_no));
    expect(numbers).toEqual(expect.arrayContaining(['600201', 'S10047']) as unknown);
    expect(numbers).not.toContain('600101');
  });
});

describe('guest order lookup', () => {
  const lookup = async (query: Record<string, string>) => {
    const answer = await api.call('GET', `v2/orders/history/guest?${new URLSearchParams(query).toString()}`);
    return { status: answer.status, body: answer.body as HistoryRecord[] };
  };

  it('finds an order by its shown number, its returned number or its invoice number', async () => {
    const shown = await lookup({ email: 'guest@example.com', order_no: '601301' });
    expect(shown.status).toBe(200);
    expect(shown.body.map((record) => record.orderno.order_no)).toEqual([600301]);
    expect((await lookup({ email: 'GUEST@example.com', order_no: '600301' })).body).toHaveLength(1);
    const invoice = shown.body[0]?.orderno.invoice_no ?? '';
    expect(
      (await lookup({ email: 'guest@example.com', invoice_no: invoice })).body.map((record) => record.orderno.order_no),
    ).toEqual([600301]);
  });

  it("carries the order's invoice, priced line by line, with how it was paid", async () => {
    const [record] = (await lookup({ email: 'guest@example.com', order_no: '601301' })).body as (HistoryRecord & {
      invoice: {
        order_no_display: number;
        order_items: { sku: string; ext_price: number }[];
        total: number;
        pay_type: string;
      };
    })[];
    expect(record?.invoice.order_no_display).toBe(601301);
    expect(record?.invoice.total).toBe(record?.orderno.order_total);
    expect(record?.invoice.order_items.map((item) => item.sku)).toEqual(record?.items.map((item) => item.sku));
    expect(['cc', 'pp', 'ol']).toContain(record?.invoice.pay_type);
  });

  it('answers an empty list for another e-mail or an unknown number', async () => {
    expect(await lookup({ email: 'someone@example.com', order_no: '601301' })).toEqual({ status: 200, body: [] });
    expect(await lookup({ email: 'guest@example.com', order_no: '999999' })).toEqual({ status: 200, body: [] });
  });

  it('needs an e-mail and a number', async () => {
    expect((await lookup({ order_no: '601301' })).status).toBe(400);
    expect((await lookup({ email: 'not-an-email', order_no: '601301' })).status).toBe(400);
    expect((await lookup({ email: 'guest@example.com' })).status).toBe(400);
  });
});

describe('order invoice', () => {
  interface OrderInvoice {
    order_no_display: number | string;
    invoice_num: string;
    date_ordered: string;
    billing: Record<string, string> | null;
    shipping: Record<string, string> | null;
    order_items: { sku: string; quantity: number; price: number; your_price: number; ext_price: number }[];
    subtotal: number;
    tax: number;
    ship_type: string;
    ship_charge: number;
    total: number;
    pay_type: string;
  }
  const invoiceOf = async (number: string, token?: string) => {
    const answer = await api.call('GET', `v2/orders/${number}/invoice`, token ? { token } : {});
    return { status: answer.status, body: answer.body as OrderInvoice };
  };

  it("answers the customer's order as its invoice: lines, amounts that add up, addresses and how it was paid", async () => {
    const history = await historyOf(customer);
    const record = history.body.find((entry) => entry.orderno.order_no === 600104);
    const { status, body } = await invoiceOf('601104', customer);
    expect(status).toBe(200);
    expect(body.order_no_display).toBe(601104);
    expect(body.invoice_num).toBe(record?.orderno.invoice_no);
    expect(body.date_ordered).toBe(record?.orderno.date_ordered);
    expect(body.ship_type).toBe(record?.orderno.ship_type);
    expect(body.pay_type).toBe('cc');
    expect(body.order_items).toHaveLength(2);
    expect(body.order_items[1]?.quantity).toBe(3);
    for (const item of body.order_items)
      expect(Math.round(item.ext_price * 100)).toBe(Math.round(item.your_price * 100 * item.quantity));
    const lines = body.order_items.reduce((sum, item) => sum + Math.round(item.ext_price * 100), 0);
    expect(Math.round(body.subtotal * 100)).toBe(lines);
    expect(Math.round(body.total * 100)).toBe(Math.round((body.subtotal + body.ship_charge + body.tax) * 100));
    expect(body.total).toBe(record?.orderno.order_total);
    expect(body.billing?.['city']).toBe('Salt Lake City');
    expect(body.shipping?.['zip']).toBe('84111');
  });

  it('answers a new-shop order under its S number', async () => {
    const { status, body } = await invoiceOf('S10045', customer);
    expect(status).toBe(200);
    expect(body.order_no_display).toBe('S10045');
  });

  it("answers 404 for another customer's order, an unknown order or a bad number, and 401 without a token", async () => {
    expect((await invoiceOf('601201', customer)).status).toBe(404);
    expect((await invoiceOf('601104', acai)).status).toBe(404);
    expect((await invoiceOf('609999', customer)).status).toBe(404);
    expect((await invoiceOf('12', customer)).status).toBe(404);
    expect((await invoiceOf('601104')).status).toBe(401);
  });
});

describe('order cancellation', () => {
  const cancel = (display: string, body: unknown, token = customer) =>
    api.call('DELETE', `v2/orders/${display}`, { token, body });

  it('cancels a pending order at once (200) and voids it', async () => {
    const answer = await cancel('601101', { cancellation_reason: 'found_elsewhere', cancellation_note: '' });
    expect(answer.status).toBe(200);
    const row = api.api.ctx.db
      .prepare("SELECT status, void, cancellation_reason FROM orders WHERE order_no = '600101'")
      .get();
    expect(row).toEqual({ status: 'cancelled', void: 1, cancellation_reason: 'found_elsewhere' });
    expect((await cancel('601101', {})).status).toBe(409);
  });

  it('cancels a new-shop order by its S number', async () => {
    expect((await cancel('S10046', { cancellation_reason: 'not_in_stock' })).status).toBe(200);
  });

  it('records a request for an order being picked (406) and shows it in history', async () => {
    const answer = await cancel('601103', { cancellation_reason: 'other', cancellation_note: 'bought the wrong size' });
    expect(answer.status).toBe(406);
    const record = (await historyOf(customer)).body.find((item) => item.orderno.order_no === 600103);
    expect(record?.orderno).toMatchObject({
      status_for_customer: 'cancellation_requested',
      cancellation_requested: true,
      customer_can_edit: false,
    });
    expect((await cancel('601103', {})).status).toBe(406);
  });

  it.each([['601105'], ['601106'], ['601111']])(
    'refuses %s (shipped, partially shipped or void) with 409',
    async (display) => {
      expect(await cancel(display, { cancellation_reason: 'ordered_by_mistake' })).toMatchObject({
        status: 409,
        body: {
          message: 'Order cannot be cancelled as it is already being prepared for shipment or is already shipped',
        },
      });
    },
  );

  it("answers 404 for another customer's order, an unknown order or a bad number", async () => {
    expect((await cancel('601104', {}, acai)).status).toBe(404);
    expect((await cancel('999999', {})).status).toBe(404);
    expect((await cancel('abc', {})).status).toBe(404);
  });

  it('checks the reason, the note of other and the token', async () => {
    expect((await cancel('601104', { cancellation_reason: 'bored' })).status).toBe(400);
    expect(await cancel('601104', { cancellation_reason: 'other' })).toMatchObject({
      status: 400,
      body: { message: 'cancellation_note: required' },
    });
    expect((await cancel('601104', '[1]')).status).toBe(400);
    expect((await api.call('DELETE', 'v2/orders/601104', { body: {} })).status).toBe(401);
  });
});

describe('history window', () => {
  it('starts a month back inside the previous month at the end of a month', () => {
    const window = historyWindow(new Date('2026-03-31T10:00:00Z'), { fromDate: null, toDate: null, range: 'month' });
    expect(window?.from.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    const leap = historyWindow(new Date('2028-03-30T10:00:00Z'), { fromDate: null, toDate: null, range: 'month' });
    expect(leap?.from.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});
