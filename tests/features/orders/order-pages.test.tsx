// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '~/lib/i18n/messages';
import { OrderHistory } from '~/features/orders/OrderHistory';
import { OrderLookup } from '~/features/orders/OrderLookup';
import type { HistoryState } from '~/features/orders/history-page';
import { readOrders } from '~/lib/store-api/orders';
import { IDLE_LOOKUP, lookupFromQuery, shownLookupErrors, type LookupState } from '~/features/orders/guest-lookup';
import type { CancelState, PostedCancel } from '~/features/orders/cancellation';

// The order history and lookup as the server draws them (no island); what their script adds is in
// enhance-order-forms.test.tsx, and the forms' posts in the journeys without script.

afterEach(cleanup);

function order(orderNo: number, status: string, extra: Record<string, unknown> = {}, invoice?: unknown) {
  return {
    ...(invoice === undefined ? {} : { invoice }),
    orderno: {
      order_no: orderNo,
      date_ordered: '20261101120000',
      order_total: 4250,
      status_for_customer: status,
      customer_can_edit: true,
      cancellation_requested: false,
      void: false,
      ...extra,
    },
    items: [
      {
        name: 'Impeller',
        manufacturer: 'Yamaha',
        sku: '6CE-44352-00',
        quantity: 2,
        quantity_bo: 1,
        quantity_nla: 0,
        status_for_customer: 'Processing',
        tracking: '1Z999',
      },
    ],
    trackings: [],
  };
}

/** Order 1002's invoice as the store API answers it. */
const invoiceAnswer = {
  order_no_display: 1002,
  invoice_num: '3000002',
  date_ordered: '20261101120000',
  billing: null,
  shipping: null,
  order_items: [
    { sku: '6CE-44352-00', name: 'Impeller', quantity: 2, price: 27.5, your_price: 24.31, ext_price: 48.62 },
  ],
  subtotal: 48.62,
  tax: 2.97,
  ship_type: 'standard',
  ship_charge: 9.45,
  total: 61.04,
  pay_type: 'cc',
};

const drawn = (...records: unknown[]): HistoryState => ({
  state: 'success',
  range: 'month',
  orders: readOrders(records) ?? [],
  error: null,
});

const SHOP = { storeId: 'marine', storefrontUrl: 'https://shop.example/' } as const;
const CANCEL_ACTION = '/order-history/?_action=orders.cancel';

function drawHistory(history: HistoryState, posted?: PostedCancel, locale: 'en' | 'es' = 'en') {
  return render(
    <OrderHistory
      t={translator(locale)}
      locale={locale}
      shop={SHOP}
      newShopUrl="https://new.example/"
      history={history}
      cancelAction={CANCEL_ACTION}
      posted={posted}
    />,
  );
}

describe('the order history page', () => {
  it('draws the range as a GET form, the count, and each order priced by the invoice it carries', () => {
    drawHistory({ ...drawn(order(1, 'pending'), order(2, 'delivered', {}, invoiceAnswer)), range: 'year' });
    const range = screen.getByLabelText<HTMLSelectElement>('Show orders from');
    expect(range.value).toBe('year');
    expect(range.form?.getAttribute('method')).toBe('get');
    expect(range.form?.getAttribute('action')).toBe('/order-history/');
    expect(screen.getByText('2 orders placed in the past year')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Where to find your orders' })).toBeTruthy();

    const priced = screen.getByRole('article', { name: 'Order 1002' });
    expect(priced.querySelector('details')?.open).toBe(false);
    expect(priced.querySelector('.order__line-total')?.textContent).toBe('$48.62');
    expect(within(priced).getByTestId('line-unit').textContent).toBe('2 × $24.31');
    expect(within(priced).getByText('Subtotal').nextElementSibling?.textContent).toBe('$48.62');
    expect(within(priced).getByRole('link', { name: 'Invoice for order 1002' }).getAttribute('href')).toBe(
      '/order-history/invoice/?order=1002',
    );
    expect(within(priced).getByText('Delivered').className).toContain('badge--success');
    expect(within(priced).getByRole('link', { name: '1Z999' }).getAttribute('href')).toBe(
      '/public/tracking/?trackingNumber=1Z999',
    );
    expect(within(priced).getByRole('link', { name: 'Buy again: order 1002' }).getAttribute('href')).toBe(
      '/bulk-add-items/?mfg=10&parts=6CE-44352-00+2',
    );
    // Shipping has ended: no way to cancel.
    expect(within(priced).queryByText(/Cancel order/)).toBeNull();
    // An order that carries no invoice shows its total alone.
    const unpriced = screen.getByRole('article', { name: 'Order 1001' });
    expect(within(unpriced).queryByText('Subtotal')).toBeNull();
    expect(within(unpriced).queryByRole('link', { name: /Invoice for order/ })).toBeNull();
  });

  it('draws a Tracking column only for an order with a shipped line', () => {
    const untracked = order(3, 'pending');
    untracked.items[0] = { ...untracked.items[0]!, tracking: '' };
    drawHistory(drawn(order(1, 'shipped'), untracked));
    const header = (article: string) =>
      within(screen.getByRole('article', { name: article }))
        .getAllByRole('columnheader', { hidden: true })
        .map((cell) => cell.textContent);
    expect(header('Order 1001')).toContain('Tracking');
    expect(header('Order 1003')).not.toContain('Tracking');
  });

  it("offers a pending order's cancellation as a fold whose form posts every reason and the note", () => {
    drawHistory(drawn(order(7, 'pending')));
    const entry = screen.getByRole('article', { name: 'Order 1007' });
    const fold = within(entry).getByText('Cancel order 1007').closest('details');
    expect(fold?.open).toBe(false);
    const form = fold?.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(CANCEL_ACTION);
    expect(within(entry).getByLabelText<HTMLInputElement>('Ordered by mistake').checked).toBe(true);
    expect(
      within(entry)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['ordered_by_mistake', 'not_in_stock', 'found_elsewhere', 'other']);
    expect(Object.fromEntries(new FormData(form!))).toEqual({
      order: '1007',
      reason: 'ordered_by_mistake',
      note: '',
    });
    expect(within(entry).getByText('We cancel the order if it is not yet being prepared for shipment.')).toBeTruthy();
  });

  it('without orders shows no word of where older orders went, and offers the ways on', () => {
    drawHistory(drawn(), undefined, 'es');
    expect(screen.getByText('No tiene pedidos en este periodo.')).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('link', { name: 'Seguir comprando' }).getAttribute('href')).toBe(SHOP.storefrontUrl);
    expect(screen.getByRole('link', { name: 'Buscar un pedido hecho como invitado' }).getAttribute('href')).toBe(
      '/es/order-info/',
    );
  });

  it("shows the store's refusal with a Try again that asks for the same range", () => {
    drawHistory({ state: 'error', range: 'year', orders: [], error: 'database down' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('database down');
    expect(alert.textContent).toContain('Something went wrong on our server');
    expect(within(alert).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/order-history/?range=year',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Show orders from').value).toBe('year');
  });

  it.each<[CancelState, string]>([
    [
      { state: 'requested' },
      'Cancellation requested. You will receive a confirmation e-mail within the next business day.',
    ],
    [
      { state: 'refused' },
      'Order cannot be cancelled as it is already being prepared for shipment or is already shipped',
    ],
    [{ state: 'error', message: { text: 'server text' } }, 'server text'],
    [{ state: 'error', message: null }, 'Something went wrong'],
  ])('a posted cancellation answered %o opens its order onto the outcome', (progress, text) => {
    drawHistory(drawn(order(6, 'pending'), order(7, 'pending')), {
      order: '1007',
      reason: 'found_elsewhere',
      note: '',
      progress,
    });
    const entry = screen.getByRole('article', { name: 'Order 1007' });
    expect(entry.querySelector('details')?.open).toBe(true);
    expect(within(entry).getByRole('status').textContent).toContain(text);
    // Taken: no second form; refused or failed: the form is there again, with the reason chosen.
    const form = entry.querySelector('form');
    if (progress.state === 'requested') expect(form).toBeNull();
    else expect(within(entry).getByLabelText<HTMLInputElement>('Found it elsewhere').checked).toBe(true);
    const other = screen.getByRole('article', { name: 'Order 1006' });
    expect(other.querySelector('details')?.open).toBe(false);
    expect(within(other).getByRole('status').textContent).toBe('');
  });

  it('keeps the reason and asks for the note on its order when another reason came without one', () => {
    drawHistory(drawn(order(4, 'pending'), order(5, 'pending')), {
      order: '1005',
      reason: 'other',
      note: '',
      progress: { state: 'noteRequired' },
    });
    const entry = screen.getByRole('article', { name: 'Order 1005' });
    expect(within(entry).getByText('Please tell us why you want to cancel this order.')).toBeTruthy();
    expect(within(entry).getByLabelText<HTMLInputElement>('Other reason').checked).toBe(true);
    const note = within(entry).getByLabelText('Tell us more');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.closest('details')?.open).toBe(true);
    const other = screen.getByRole('article', { name: 'Order 1004' });
    expect(within(other).queryByText('Please tell us why you want to cancel this order.')).toBeNull();
  });

  it("shows the store's day, the service by name and where the order goes", () => {
    const shipTo = {
      first_name: 'Ana',
      last_name: 'Diaz',
      address1: '1 Main St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      country: 'US',
    };
    const record = {
      ...order(9, 'pending', { date_ordered: '20261123033000', ship_type: 'standard' }),
      ship_to: shipTo,
    };
    drawHistory(drawn(record));
    expect(screen.getByText('November 22, 2026')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('Ana Diaz, 1 Main St, Denver, CO 80202, United States')).toBeTruthy();
    expect(screen.getByText("Dates are in the store's time zone, Mountain Time (Salt Lake City).")).toBeTruthy();
  });

  it('disables cancel when the order can no longer be edited, and says a requested one is requested', () => {
    drawHistory(
      drawn(order(3, 'pending', { customer_can_edit: false }), order(8, 'pending', { cancellation_requested: true })),
    );
    const locked = screen.getByRole('article', { name: 'Order 1003' });
    expect(within(locked).getByRole<HTMLButtonElement>('button', { name: 'Cancel order 1003' }).disabled).toBe(true);
    expect(within(locked).getByText('This order can no longer be changed online.')).toBeTruthy();
    expect(locked.querySelector('form')).toBeNull();
    const requested = screen.getByRole('article', { name: 'Order 1008' });
    expect(within(requested).getByRole('status').textContent).toBe('Cancellation requested.');
    expect(within(requested).getByRole<HTMLButtonElement>('button', { name: 'Cancel order 1008' }).disabled).toBe(true);
  });
});

describe('the order lookup page', () => {
  const found = (record: unknown): LookupState => ({
    state: 'success',
    order: readOrders([record])?.[0] ?? null,
    error: null,
  });
  const drawLookup = (query: string, lookup: LookupState = IDLE_LOOKUP, posted = false) => {
    const form = lookupFromQuery(query);
    return render(
      <OrderLookup
        t={translator('en')}
        locale="en"
        shop={SHOP}
        form={form}
        errors={shownLookupErrors(form, posted)}
        lookup={lookup}
        action="/order-info/?_action=orders.lookup"
      />,
    );
  };

  it('posts the fields in the body of a form that names nothing of them in its address', () => {
    drawLookup('');
    const form = screen.getByRole('button', { name: 'Find order' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/order-info/?_action=orders.lookup');
    expect(Object.fromEntries(new FormData(form))).toEqual({ email: '', mode: 'order', order_no: '', invoice_no: '' });
    // Nothing typed yet: nothing to correct, and Find order is the browser's to post.
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Find order' }).disabled).toBe(false);
  });

  it("shows the page's lookup of a guest's order, priced from its invoice, with no link to a signed-in page", () => {
    drawLookup('?email=ana%40example.com&order_no=1002', found({ ...order(2, 'shipped'), invoice: invoiceAnswer }));
    const entry = screen.getByRole('article', { name: 'Order 1002' });
    expect(entry.querySelector('details')?.open).toBe(true);
    expect(within(entry).getByTestId('line-unit').textContent).toBe('2 × $24.31');
    expect(within(entry).getByText('Subtotal').nextElementSibling?.textContent).toBe('$48.62');
    expect(within(entry).queryByRole('link', { name: /Invoice for order/ })).toBeNull();
    expect(within(entry).queryByText(/Cancel order/)).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail address' }).value).toBe('ana@example.com');
  });

  it('says the order was not found and points to order history, in the mode it was asked', () => {
    drawLookup('?email=ana%40example.com&invoice_no=INV-9', { state: 'notFound', order: null, error: null });
    expect(screen.getByText('Order not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/order-history/');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Invoice number' }).checked).toBe(true);
  });

  it('says when look-ups are limited, and offers Try again on a failure as a post of the same form', () => {
    const { unmount } = drawLookup('?email=a%40b.co&order_no=1', { state: 'limited', order: null, error: null });
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many look-ups for now. Please wait 15 minutes and try again.',
    );
    unmount();
    drawLookup('?email=a%40b.co&order_no=1', { state: 'error', order: null, error: { text: 'store text' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('store text');
    const again = within(alert).getByRole('button', { name: 'Try again' });
    expect(again.getAttribute('type')).toBe('submit');
    expect(again.getAttribute('form')).toBe(screen.getByRole('button', { name: 'Find order' }).closest('form')?.id);
  });

  it('shows a refused post with every field checked, and a link with what it got wrong', () => {
    const { unmount } = drawLookup('order_no=7', IDLE_LOOKUP, true);
    expect(screen.getByText('This field is required')).toBeTruthy();
    unmount();
    drawLookup('?email=ana%40example.com&order_no=12a');
    expect(screen.getByText('Must be numeric value')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Order number' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a script-like e-mail as text', () => {
    const { container } = drawLookup('?email=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&order_no=1');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail address' }).value).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Incorrect email address')).toBeTruthy();
  });
});
