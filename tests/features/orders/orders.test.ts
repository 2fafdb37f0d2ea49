import { describe, expect, it } from 'vitest';
import {
  invoiceHref,
  linePrices,
  ORDER_STATUSES,
  STATUS_HELP_DEFAULT,
  cancelControl,
  cancelOutcome,
  cancelNoteError,
  cancelPayload,
  displayOrderNumber,
  historyQuery,
  isLookupValid,
  lookupFromQuery,
  lookupQuery,
  lookupStateOf,
  withoutLookupQuery,
  orderHost,
  orderTrackingNumbers,
  shipToLine,
  statusColour,
  statusGroup,
  buyAgainLists,
  buyAgainHref,
  allTrackingNumbers,
  statusHelpLink,
  trackingHref,
  validateLookup,
  withCancellationRequested,
} from '~/features/orders/orders';

describe('displayed order number (checkout §7)', () => {
  it('adds 1000 to the returned number', () => {
    expect(displayOrderNumber(123)).toBe('1123');
    expect(displayOrderNumber('4567')).toBe('5567');
    expect(displayOrderNumber(' 0 ')).toBe('1000');
  });

  it('keeps numbers of the new shop as they are', () => {
    expect(displayOrderNumber('S10042')).toBe('S10042');
    expect(orderHost('S10042')).toBe('newShop');
    expect(orderHost('5567')).toBe('oldCart');
  });
});

describe('status groups, colours and help links (checkout §4, restyled by status group)', () => {
  it.each([
    ['waiting_on_manufacturer', 'progress', 'neutral'],
    ['pending', 'progress', 'neutral'],
    ['in_stock', 'progress', 'neutral'],
    ['awaiting_shipment', 'progress', 'neutral'],
    ['partially_shipped', 'shipping', 'info'],
    ['shipped', 'shipping', 'info'],
    ['en_route', 'shipping', 'info'],
    ['delivered', 'done', 'success'],
    ['cancellation_requested', 'cancelling', 'warning'],
    ['delivery_exception', 'problem', 'error'],
    ['cancelled', 'problem', 'error'],
  ])('%s is in the group %s, coloured %s', (status, group, colour) => {
    expect(statusGroup(status)).toBe(group);
    expect(statusColour(status)).toBe(colour);
  });

  it('never colours a requested cancellation like a cancelled order', () => {
    expect(statusColour('cancellation_requested')).not.toBe(statusColour('cancelled'));
  });

  it('gives every status a group', () => {
    for (const status of ORDER_STATUSES)
      expect(statusGroup(status)).toMatch(/^(progress|shipping|done|cancelling|problem)$/);
  });

  it('reads other spellings and defaults unknown statuses to in progress, neutral', () => {
    expect(statusColour('Partially Shipped')).toBe('info');
    expect(statusColour('partiallyShipped')).toBe('info');
    expect(statusGroup('something_new')).toBe('progress');
    expect(statusColour('something_new')).toBe('neutral');
    expect(statusColour(undefined)).toBe('neutral');
  });

  it('links every status to its own help, unknown ones to the default page', () => {
    const links = new Set(ORDER_STATUSES.map((status) => statusHelpLink(status, 'https://shop.example/')));
    expect(links.size).toBe(ORDER_STATUSES.length);
    expect(statusHelpLink('shipped', 'https://shop.example/')).toBe('https://shop.example/order-status.html#shipped');
    expect(statusHelpLink('mystery', 'https://shop.example/')).toBe(`https://shop.example${STATUS_HELP_DEFAULT}`);
  });
});

describe('cancel control (checkout §4)', () => {
  const order = {
    order_no: 1,
    status_for_customer: 'pending',
    customer_can_edit: true,
    cancellation_requested: false,
    void: false,
  };

  it('is offered for an editable pending order', () => {
    expect(cancelControl(order)).toEqual({ state: 'enabled' });
  });

  it('is hidden once shipping started, and a void order says it was cancelled', () => {
    expect(cancelControl({ ...order, status_for_customer: 'partially_shipped' }).state).toBe('hidden');
    expect(cancelControl({ ...order, status_for_customer: 'shipped' }).state).toBe('hidden');
    expect(cancelControl({ ...order, void: 1 })).toEqual({ state: 'hidden', note: 'cancelled' });
  });

  it('is disabled when the customer cannot edit or a cancellation was requested', () => {
    expect(cancelControl({ ...order, customer_can_edit: false })).toEqual({ state: 'disabled', note: 'notEditable' });
    expect(cancelControl({ ...order, customer_can_edit: '0' })).toEqual({ state: 'disabled', note: 'notEditable' });
    expect(cancelControl({ ...order, cancellation_requested: true })).toEqual({ state: 'disabled', note: 'requested' });
  });

  it('counts 200 and 406 as requested and 409 as the refusal', () => {
    expect(cancelOutcome(200)).toBe('requested');
    expect(cancelOutcome(406)).toBe('requested');
    expect(cancelOutcome(409)).toBe('refused');
    expect(cancelOutcome(500)).toBe('error');
    expect(cancelOutcome(0)).toBe('error');
  });

  it('sends the note only with the reason other', () => {
    expect(cancelPayload('other', '  too slow ')).toEqual({
      cancellation_reason: 'other',
      cancellation_note: 'too slow',
    });
    expect(cancelPayload('not_in_stock', 'ignored')).toEqual({
      cancellation_reason: 'not_in_stock',
      cancellation_note: '',
    });
  });

  it('asks for the note of the reason other, and only for that one', () => {
    expect(cancelNoteError('other', '')).toBe('required');
    expect(cancelNoteError('other', '   ')).toBe('required');
    expect(cancelNoteError('other', 'too slow')).toBeNull();
    expect(cancelNoteError('found_elsewhere', '')).toBeNull();
  });

  it('shows a taken cancellation as requested', () => {
    const updated = withCancellationRequested({ orderno: order });
    expect(cancelControl(updated.orderno)).toEqual({ state: 'disabled', note: 'requested' });
    expect(statusColour(updated.orderno.status_for_customer)).toBe('warning');
  });
});

describe('date range and dates', () => {
  const today = new Date('2026-11-22T15:00:00Z');

  it('asks for the past month by default range, the past year, or everything', () => {
    expect(historyQuery('month', today, 'marine')).toEqual({
      legacy_date_range: 'month',
      from_date: '2026-10-22',
      to_date: '2026-11-22',
      store_id: 'marine',
    });
    expect(historyQuery('year', today, 'cycle')).toMatchObject({ legacy_date_range: 'year', from_date: '2025-11-22' });
    expect(historyQuery('all', today, 'marine')).not.toHaveProperty('from_date');
  });

  it('keeps a month or a year back inside the target month at the end of a month', () => {
    expect(historyQuery('month', new Date('2026-03-31T10:00:00Z'), 'marine')).toMatchObject({
      from_date: '2026-02-28',
      to_date: '2026-03-31',
    });
    expect(historyQuery('month', new Date('2028-03-30T23:30:00Z'), 'marine')).toMatchObject({
      from_date: '2028-02-29',
    });
    expect(historyQuery('month', new Date('2026-01-15T00:00:00Z'), 'marine')).toMatchObject({
      from_date: '2025-12-15',
    });
    expect(historyQuery('year', new Date('2028-02-29T12:00:00Z'), 'marine')).toMatchObject({ from_date: '2027-02-28' });
  });
});

describe('ship-to line of an order', () => {
  it("joins the known parts, the country in the shopper's language", () => {
    const shipTo = {
      first_name: 'Casey',
      last_name: 'Marsh',
      address1: '175 S Main St',
      city: 'Salt Lake City',
      state: 'UT',
      zip: '84111',
      country: 'US^United States',
    };
    expect(shipToLine(shipTo, 'en')).toBe('Casey Marsh, 175 S Main St, Salt Lake City, UT 84111, United States');
    expect(shipToLine({ ...shipTo, country: 'DE', state: '', zip: '10115', city: 'Berlin' }, 'fr')).toBe(
      'Casey Marsh, 175 S Main St, Berlin, 10115, Allemagne',
    );
  });

  it('is left out when the record has no address', () => {
    expect(shipToLine(null, 'en')).toBeNull();
    expect(shipToLine({ first_name: '', country: '' }, 'en')).toBeNull();
  });
});

describe('tracking links', () => {
  it('point to our tracking page with the number encoded', () => {
    expect(trackingHref('1Z 99&x')).toBe('/public/tracking/?trackingNumber=1Z%2099%26x');
    expect(trackingHref('ABC', '/fr')).toBe('/fr/public/tracking/?trackingNumber=ABC');
  });

  it('list the tracking numbers of the order that no line shows, once each', () => {
    expect(
      orderTrackingNumbers({
        orderno: { order_no: 1 },
        items: [{ tracking: 'A' }, { tracking: '' }],
        trackings: [{ name: 'B', link: 'x' }, { name: 'A' }, { name: 'B' }, { name: ' ' }],
      }),
    ).toEqual(['B']);
  });
});

describe('guest lookup form (checkout §5)', () => {
  const valid = { email: 'ana@example.com', mode: 'order' as const, orderNo: '1123', invoiceNo: '' };

  it('needs a valid e-mail and a numeric order number', () => {
    expect(validateLookup(valid)).toEqual({});
    expect(validateLookup({ ...valid, email: '' })).toEqual({ email: 'required' });
    expect(validateLookup({ ...valid, email: 'ana@' })).toEqual({ email: 'email' });
    expect(validateLookup({ ...valid, orderNo: '' })).toEqual({ orderNo: 'required' });
    expect(validateLookup({ ...valid, orderNo: '11a' })).toEqual({ orderNo: 'numeric' });
  });

  it('needs the invoice number in invoice mode and ignores the order number there', () => {
    expect(validateLookup({ ...valid, mode: 'invoice', orderNo: 'x' })).toEqual({ invoiceNo: 'required' });
    expect(isLookupValid({ ...valid, mode: 'invoice', orderNo: 'x', invoiceNo: 'INV-7' })).toBe(true);
  });

  it('prefills from the query, an invoice number alone choosing invoice mode', () => {
    expect(lookupFromQuery('?email=a%40b.co&order_no=12')).toEqual({
      email: 'a@b.co',
      mode: 'order',
      orderNo: '12',
      invoiceNo: '',
    });
    expect(lookupFromQuery('invoice_no=INV-3')).toEqual({
      email: '',
      mode: 'invoice',
      orderNo: '',
      invoiceNo: 'INV-3',
    });
    expect(lookupFromQuery('')).toEqual({ email: '', mode: 'order', orderNo: '', invoiceNo: '' });
  });

  it('reads a posted form by its chosen mode, whatever else it carries', () => {
    const posted = new URLSearchParams({ email: 'a@b.co', mode: 'invoice', order_no: '12', invoice_no: 'INV-3' });
    expect(lookupFromQuery(posted)).toEqual({ email: 'a@b.co', mode: 'invoice', orderNo: '12', invoiceNo: 'INV-3' });
    expect(lookupFromQuery('mode=other&invoice_no=INV-3').mode).toBe('invoice');
  });

  it('takes what names a lookup out of an address, keeping the rest', () => {
    expect(withoutLookupQuery('?utm=mail&email=a%40b.co&order_no=12&invoice_no=I&mode=order')).toBe('?utm=mail');
    expect(withoutLookupQuery('?email=a%40b.co&order_no=12')).toBe('');
    expect(withoutLookupQuery('?_action=orders.lookup')).toBe('?_action=orders.lookup');
  });

  it('reads the first order of the answer; none, 404 or 400 is not found, 429 is limited', () => {
    const record = { orderno: { order_no: 1 } };
    expect(lookupStateOf({ ok: true, value: [record] })).toEqual({ state: 'success', order: record, error: null });
    expect(lookupStateOf({ ok: true, value: [] }).state).toBe('notFound');
    const http = (status: number, message = '') =>
      lookupStateOf({ ok: false, failure: { kind: 'http', status, message, body: null } });
    expect(http(404).state).toBe('notFound');
    expect(http(400).state).toBe('notFound');
    expect(http(429).state).toBe('limited');
    expect(http(500, 'database down')).toEqual({ state: 'error', order: null, error: { text: 'database down' } });
    expect(lookupStateOf({ ok: false, failure: { kind: 'offline', message: 'store API unreachable' } })).toEqual({
      state: 'error',
      order: null,
      error: null,
    });
  });

  it('sends the e-mail and the number of the chosen mode, trimmed', () => {
    expect(lookupQuery({ ...valid, email: ' ana@example.com ' })).toEqual({
      email: 'ana@example.com',
      order_no: '1123',
    });
    expect(lookupQuery({ ...valid, mode: 'invoice', invoiceNo: ' INV-2 ' })).toEqual({
      email: 'ana@example.com',
      invoice_no: 'INV-2',
    });
  });
});

describe("buy again (beyond the spec: the order's lines through bulk add)", () => {
  const makers = [
    { id: 1, name: 'Evinrude/Johnson/OMC' },
    { id: 2, name: 'Mercury' },
  ];

  it('writes one bulk-add list per manufacturer, "part quantity" per line', () => {
    const lists = buyAgainLists(
      [
        { sku: '0437512', quantity: 2, manufacturer: 'Evinrude/Johnson/OMC' },
        { sku: '8M0123', quantity: '1', manufacturer: 'mercury' },
        { sku: '0777213', quantity: 1, manufacturer: 'Evinrude/Johnson/OMC' },
      ],
      makers,
      1,
    );
    expect(lists).toEqual([
      { manufacturerId: 1, manufacturerName: 'Evinrude/Johnson/OMC', text: '0437512 2\n0777213 1' },
      { manufacturerId: 2, manufacturerName: 'Mercury', text: '8M0123 1' },
    ]);
  });

  it('puts an unknown manufacturer under the default and leaves out lines it cannot reorder', () => {
    const lists = buyAgainLists(
      [
        { sku: 'ABC-1', quantity: 3, manufacturer: 'Someone else' },
        { sku: '', quantity: 1 },
        { sku: 'NOQTY', quantity: 0 },
        { sku: 'two words', quantity: 1 },
      ],
      makers,
      1,
    );
    expect(lists).toEqual([{ manufacturerId: 1, manufacturerName: 'Evinrude/Johnson/OMC', text: 'ABC-1 3' }]);
    expect(buyAgainLists([], makers, 1)).toEqual([]);
    expect(buyAgainLists(null, makers, 1)).toEqual([]);
  });

  it("links to bulk add with the list in the query, in the shopper's language", () => {
    const href = buyAgainHref({ manufacturerId: 2, manufacturerName: 'Mercury', text: '8M0123 1\nX-2 4' }, '/fr');
    const url = new URL(href, 'https://shop.example');
    expect(url.pathname).toBe('/fr/bulk-add-items/');
    expect(url.searchParams.get('mfg')).toBe('2');
    expect(url.searchParams.get('parts')).toBe('8M0123 1\nX-2 4');
  });

  it('lists every tracking number once, lines first', () => {
    expect(
      allTrackingNumbers({
        orderno: { order_no: 1 },
        items: [{ tracking: ' A ' }, { tracking: 'A' }, { tracking: null }],
        trackings: [{ name: 'B' }, { name: 'A' }],
      }),
    ).toEqual(['A', 'B']);
  });
});

describe("an order's price breakdown", () => {
  const invoiceLine = (sku: string, quantity: number, your_price: number, ext_price: number) => ({
    sku,
    quantity,
    your_price,
    ext_price,
  });

  it('prices each line from the invoice line of its part number, N × unit where that is the line total', () => {
    const rows = linePrices(
      [{ sku: 'A-1', quantity: 2 }, { sku: 'B-2' }],
      [invoiceLine('B-2', 1, 774, 774), invoiceLine('A-1', 2, 2431, 4862)],
    );
    expect(rows).toEqual([
      { quantity: 2, unit: 2431, total: 4862 },
      { quantity: 1, unit: 774, total: 774 },
    ]);
  });

  it('shows the line total alone where the quantity times the shown unit is not what the store charges', () => {
    // 3 × 58.455 is charged 175.37, while 3 × the shown $58.46 would be $175.38.
    expect(linePrices([{ sku: '9900001' }], [invoiceLine('9900001', 3, 5846, 17537)])).toEqual([
      { quantity: 3, unit: null, total: 17537 },
    ]);
  });

  it('takes each invoice line once, and guesses no price for a line the invoice does not have', () => {
    const rows = linePrices(
      [{ sku: 'A-1' }, { sku: 'A-1' }, { sku: 'C-3' }, { sku: '' }],
      [invoiceLine('A-1', 1, 100, 100), invoiceLine('A-1', 2, 100, 200)],
    );
    expect(rows).toEqual([{ quantity: 1, unit: 100, total: 100 }, { quantity: 2, unit: 100, total: 200 }, null, null]);
  });

  it("links to the order's invoice page in the shopper's language", () => {
    expect(invoiceHref('601104')).toBe('/order-history/invoice/?order=601104');
    expect(invoiceHref('S10045', '/es')).toBe('/es/order-history/invoice/?order=S10045');
    expect(invoiceHref('1 & 2')).toBe('/order-history/invoice/?order=1+%26+2');
  });
});
