// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { stringify } from 'devalue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { resetRequests } from '~/lib/api/requests.store';
import { dictionaries } from '~/lib/i18n/messages';
import OrderHistoryIsland from '~/features/orders/OrderHistoryIsland';
import OrderLookupIsland from '~/features/orders/OrderLookupIsland';
import { $cancellations, $orderHistory, $orderLookup, type HistoryState } from '~/features/orders/orders.store';
import { readOrders } from '~/lib/store-api/orders';
import { IDLE_LOOKUP, lookupFromQuery, type LookupState } from '~/features/orders/guest-lookup';
import type { CancelState } from '~/features/orders/cancellation';

const messages = dictionaries.en;

interface Call {
  method: string;
  url: URL;
  body: unknown;
}
let calls: Call[] = [];

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

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function serve(handler: (call: Call) => Response | Promise<Response>) {
  replaceBrowser({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const text = request.method === 'GET' ? '' : await request.text();
      const call = {
        method: request.method,
        url: new URL(request.url),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      return handler(call);
    },
  });
}

/** The orders' actions, as Astro answers an island: what each was posted, and the answer it gives. */
let posts: Array<{ path: string; form: Record<string, FormDataEntryValue> }> = [];
let actionAnswer: (form: Record<string, FormDataEntryValue>) => unknown = () => null;

beforeEach(() => {
  calls = [];
  posts = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const form = init?.body instanceof FormData ? Object.fromEntries(init.body) : {};
    posts.push({ path: new URL(input, window.location.origin).pathname, form });
    return Promise.resolve(
      new Response(stringify(actionAnswer(form)), { headers: { 'content-type': 'application/json+devalue' } }),
    );
  });
  resetRequests();
  $orderHistory.set({ state: 'idle', range: 'month', orders: [], error: null });
  $orderLookup.set({ state: 'idle', order: null, error: null });
  $cancellations.set({});
  window.history.replaceState(null, '', '/order-info/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The history as the page drew it from these answer records. */
const drawn = (...records: unknown[]): HistoryState => ({
  state: 'success',
  range: 'month',
  orders: readOrders(records) ?? [],
  error: null,
});

const cancelAnswer = (progress: CancelState) => (form: Record<string, FormDataEntryValue>) => ({
  order: form['order'],
  reason: form['reason'],
  note: form['note'],
  progress,
});

const SHOP = { storeId: 'marine', storefrontUrl: 'https://shop.example/' } as const;

const historyProps = {
  messages,
  locale: 'en' as const,
  shop: SHOP,
  newShopUrl: 'https://new.example/',
  cancelAction: '/order-history/?_action=orders.cancel',
};

describe('order history island', () => {
  it("starts from the page's list, then loads the chosen range, each order priced by the invoice it carries", async () => {
    serve(() => answer(200, [order(1, 'pending'), order(2, 'delivered', {}, invoiceAnswer)]));
    render(<OrderHistoryIsland {...historyProps} initial={drawn(order(1, 'pending'))} />);
    expect(screen.getByText('1 order placed in the past month')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Where to find your orders' })).toBeTruthy();
    expect(calls).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Show orders from'), 'all');
    expect(await screen.findByText('2 orders placed in all time')).toBeTruthy();
    // One call for the list and its breakdowns, whatever the number of orders.
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/v2/orders/history/']);
    expect(calls[0]?.url.searchParams.get('legacy_date_range')).toBe('all');
    const priced = screen.getByRole('article', { name: 'Order 1002' });
    expect(priced.querySelector('.order__line-total')?.textContent).toBe('$48.62');
    expect(within(priced).getByTestId('line-unit').textContent).toBe('2 × $24.31');
    expect(within(priced).getByText('Subtotal').nextElementSibling?.textContent).toBe('$48.62');
    expect(within(priced).getByRole('link', { name: 'Invoice for order 1002' }).getAttribute('href')).toBe(
      '/order-history/invoice/?order=1002',
    );
    // An order that carries no invoice shows its total alone.
    const unpriced = screen.getByRole('article', { name: 'Order 1001' });
    expect(within(unpriced).queryByText('Subtotal')).toBeNull();
    expect(within(unpriced).queryByRole('link', { name: /Invoice for order/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Order 1002' })).toBeTruthy();
    const delivered = screen.getByRole('article', { name: 'Order 1002' });
    expect(within(delivered).getByText('Delivered').className).toContain('badge--success');
    expect(within(delivered).getByRole('link', { name: '1Z999' }).getAttribute('href')).toBe(
      '/public/tracking/?trackingNumber=1Z999',
    );
    expect(within(delivered).queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('loads a range chosen before the island woke, as it wakes', async () => {
    serve(() => answer(200, [order(1, 'pending'), order(2, 'delivered')]));
    const island = <OrderHistoryIsland {...historyProps} initial={drawn(order(1, 'pending'))} />;
    const page = document.createElement('div');
    page.innerHTML = renderToString(island);
    document.body.append(page);
    const range = page.querySelector<HTMLSelectElement>('select[name="range"]')!;
    range.value = 'all';
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(page, island);
    });
    expect(await within(page).findByText('2 orders placed in all time')).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('legacy_date_range')).toBe('all');
    expect(range.value).toBe('all');
    act(() => root?.unmount());
    page.remove();
  });

  it('without orders shows no word of where older orders went, and offers the ways on', () => {
    render(<OrderHistoryIsland {...historyProps} locale="es" messages={dictionaries.es} initial={drawn()} />);
    expect(screen.getByText('No tiene pedidos en este periodo.')).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('link', { name: 'Seguir comprando' }).getAttribute('href')).toBe(SHOP.storefrontUrl);
    expect(screen.getByRole('link', { name: 'Buscar un pedido hecho como invitado' }).getAttribute('href')).toBe(
      '/es/order-info/',
    );
  });

  it('loads a range chosen while the island takes over, once, and keeps it chosen', async () => {
    serve(() => answer(200, [order(1, 'pending')]));
    const page = <OrderHistoryIsland {...historyProps} initial={drawn()} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // As in a browser: React takes the page over in a transition, and the choice lands before it is done.
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, page);
    });
    const range = container.querySelector('select')!;
    range.value = 'year';
    range.dispatchEvent(new Event('input', { bubbles: true }));
    range.dispatchEvent(new Event('change', { bubbles: true }));
    try {
      expect(await within(container).findByText('1 order placed in the past year')).toBeTruthy();
      expect(range.value).toBe('year');
      expect(calls.map((call) => call.url.searchParams.get('legacy_date_range'))).toEqual(['year']);
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  it('shows the error with a retry that loads again', async () => {
    serve(() => answer(200, []));
    const failed: HistoryState = { state: 'error', range: 'month', orders: [], error: 'database down' };
    render(<OrderHistoryIsland {...historyProps} initial={failed} />);
    expect(screen.getByText('database down')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no orders in this period.')).toBeTruthy();
  });

  it.each<[CancelState, string]>([
    [{ state: 'requested' }, 'Cancellation requested.'],
    [
      { state: 'refused' },
      'Order cannot be cancelled as it is already being prepared for shipment or is already shipped',
    ],
    [{ state: 'error', message: { text: 'server text' } }, 'server text'],
  ])('a cancellation answered %o shows its outcome', async (progress, text) => {
    actionAnswer = cancelAnswer(progress);
    render(<OrderHistoryIsland {...historyProps} initial={drawn(order(7, 'pending'))} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order 1007' }));
    await userEvent.click(screen.getByLabelText('Other reason'));
    await userEvent.type(screen.getByLabelText('Tell us more'), 'changed my mind');
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(await screen.findByText(new RegExp(text))).toBeTruthy();
    expect(posts).toEqual([
      { path: '/_actions/orders.cancel/', form: { order: '1007', reason: 'other', note: 'changed my mind' } },
    ]);
    const badge = screen.getByRole('article', { name: 'Order 1007' }).querySelector('.badge')?.textContent;
    expect(badge).toBe(progress.state === 'requested' ? 'Cancellation requested' : 'Pending');
  });

  it('asks for the note of another reason and sends nothing until it is written', async () => {
    actionAnswer = cancelAnswer({ state: 'requested' });
    render(<OrderHistoryIsland {...historyProps} initial={drawn(order(8, 'pending'))} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order 1008' }));
    await userEvent.click(screen.getByLabelText('Other reason'));
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    const note = screen.getByLabelText('Tell us more');
    expect(screen.getByText('Please tell us why you want to cancel this order.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(posts).toHaveLength(0);

    await userEvent.type(note, 'duplicate order');
    expect(screen.queryByText('Please tell us why you want to cancel this order.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('shows the outcome of a plain post on its order, and keeps the typed note when it was missing', () => {
    render(
      <OrderHistoryIsland
        {...historyProps}
        initial={drawn(order(4, 'pending'), order(5, 'pending'))}
        posted={{ order: '1005', reason: 'other', note: '', progress: { state: 'noteRequired' } }}
      />,
    );
    const entry = screen.getByRole('article', { name: 'Order 1005' });
    expect(within(entry).getByText('Please tell us why you want to cancel this order.')).toBeTruthy();
    expect(within(entry).getByLabelText<HTMLInputElement>('Other reason').checked).toBe(true);
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
    render(<OrderHistoryIsland {...historyProps} initial={drawn(record)} />);
    expect(screen.getByText('November 22, 2026')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('Ana Diaz, 1 Main St, Denver, CO 80202, United States')).toBeTruthy();
    expect(screen.getByText("Dates are in the store's time zone, Mountain Time (Salt Lake City).")).toBeTruthy();
  });

  it('disables cancel when the order can no longer be edited', async () => {
    render(<OrderHistoryIsland {...historyProps} initial={drawn(order(3, 'pending', { customer_can_edit: false }))} />);
    const button = await screen.findByRole('button', { name: 'Cancel order 1003' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('order lookup island', () => {
  const lookupProps = {
    messages,
    locale: 'en' as const,
    shop: SHOP,
    action: '/order-info/?_action=orders.lookup',
    initialLookup: IDLE_LOOKUP,
  };
  const found = (record: unknown): LookupState => ({
    state: 'success',
    order: readOrders([record])?.[0] ?? null,
    error: null,
  });

  it("shows the page's lookup and takes the e-mail out of the address", () => {
    window.history.replaceState(null, '', '/order-info/?email=ana%40example.com&order_no=1055&utm=mail');
    render(
      <OrderLookupIsland
        {...lookupProps}
        initialForm={lookupFromQuery('?email=ana%40example.com&order_no=1055')}
        initialLookup={found(order(55, 'shipped'))}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Order 1055' })).toBeTruthy();
    expect(window.location.search).toBe('?utm=mail');
    expect(posts).toEqual([]);
  });

  it("prices a guest's order from the invoice its lookup carries, with no link to a signed-in page", () => {
    render(
      <OrderLookupIsland
        {...lookupProps}
        initialForm={lookupFromQuery('?email=ana%40example.com&order_no=1002')}
        initialLookup={found({ ...order(2, 'shipped'), invoice: invoiceAnswer })}
      />,
    );
    const entry = screen.getByRole('article', { name: 'Order 1002' });
    expect(within(entry).getByTestId('line-unit').textContent).toBe('2 × $24.31');
    expect(within(entry).getByText('Subtotal').nextElementSibling?.textContent).toBe('$48.62');
    expect(within(entry).queryByRole('link', { name: /Invoice for order/ })).toBeNull();
  });

  it('keeps the button disabled until valid, posts the fields in a body and never writes them to the address', async () => {
    actionAnswer = (form) => ({
      form: lookupFromQuery(new URLSearchParams(form as Record<string, string>)),
      lookup: found(order(12, 'pending')),
    });
    render(<OrderLookupIsland {...lookupProps} initialForm={lookupFromQuery('')} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Find order' });
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'ana@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Order number' }), '12a');
    await userEvent.tab();
    expect(screen.getByText('Must be numeric value')).toBeTruthy();
    expect(button.disabled).toBe(true);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Order number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Order number' }), '12');
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Order 1012' })).toBeTruthy();
    expect(posts).toEqual([
      { path: '/_actions/orders.lookup/', form: { email: 'ana@example.com', mode: 'order', order_no: '12' } },
    ]);
    expect(window.location.search).toBe('');
    expect(calls).toEqual([]);
  });

  it('says the order was not found and points to order history', () => {
    render(
      <OrderLookupIsland
        {...lookupProps}
        initialForm={lookupFromQuery('?email=ana%40example.com&invoice_no=INV-9')}
        initialLookup={{ state: 'notFound', order: null, error: null }}
      />,
    );
    expect(screen.getByText('Order not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/order-history/');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Invoice number' }).checked).toBe(true);
  });

  it('shows a refused post with every field checked', () => {
    render(<OrderLookupIsland {...lookupProps} initialForm={lookupFromQuery('order_no=7')} posted />);
    expect(screen.getByText('This field is required')).toBeTruthy();
  });

  it('keeps a script-like e-mail as text and does not send it', () => {
    const { container } = render(
      <OrderLookupIsland
        {...lookupProps}
        initialForm={lookupFromQuery('?email=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&order_no=1')}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail address' }).value).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(posts).toEqual([]);
  });
});
