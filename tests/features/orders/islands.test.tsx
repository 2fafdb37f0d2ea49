// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '~/lib/api/client';
import { resetRequests } from '~/lib/api/requests.store';
import { dictionaries } from '~/lib/i18n/messages';
import OrderHistoryIsland from '~/features/orders/OrderHistoryIsland';
import OrderLookupIsland from '~/features/orders/OrderLookupIsland';
import { $cancellations, $orderHistory, $orderLookup } from '~/features/orders/orders.store';

const messages = dictionaries.en;

interface Call {
  method: string;
  url: URL;
  body: unknown;
}
let calls: Call[] = [];

function order(orderNo: number, status: string, extra: Record<string, unknown> = {}) {
  return {
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

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function serve(handler: (call: Call) => Response) {
  configureClient({
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

beforeEach(() => {
  calls = [];
  resetRequests();
  $orderHistory.set({ state: 'idle', range: 'month', orders: [], error: null });
  $orderLookup.set({ state: 'idle', order: null, error: null });
  $cancellations.set({});
  window.history.replaceState(null, '', '/order-info/');
});
afterEach(() => cleanup());

const historyProps = {
  messages,
  locale: 'en' as const,
  storeId: 'marine' as const,
  storefrontUrl: 'https://shop.example/',
  newShopUrl: 'https://new.example/',
};

describe('order history island', () => {
  it('loads the past month, then the chosen range', async () => {
    serve((call) =>
      answer(
        200,
        call.url.searchParams.get('legacy_date_range') === 'month'
          ? [order(1, 'pending')]
          : [order(1, 'pending'), order(2, 'delivered')],
      ),
    );
    render(<OrderHistoryIsland {...historyProps} />);
    expect(await screen.findByText('1 order placed in the past month')).toBeTruthy();
    expect(calls[0]?.url.pathname).toBe('/api/v2/orders/history/');
    expect(calls[0]?.url.searchParams.get('from_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.selectOptions(screen.getByLabelText('Show orders from'), 'all');
    expect(await screen.findByText('2 orders placed in all time')).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('legacy_date_range')).toBe('all');
    expect(screen.getByRole('heading', { name: 'Order 1002' })).toBeTruthy();
    const delivered = screen.getByRole('article', { name: 'Order 1002' });
    expect(within(delivered).getByText('Delivered').className).toContain('badge--success');
    expect(within(delivered).getByRole('link', { name: '1Z999' }).getAttribute('href')).toBe(
      '/public/tracking/?trackingNumber=1Z999',
    );
    expect(within(delivered).queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    serve(() => (fail ? answer(500, { message: 'database down' }) : answer(200, [])));
    render(<OrderHistoryIsland {...historyProps} />);
    expect(await screen.findByText('database down')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no orders in this period.')).toBeTruthy();
  });

  it.each([
    [200, 'Cancellation requested.'],
    [406, 'Cancellation requested.'],
    [409, 'Order cannot be cancelled as it is already being prepared for shipment or is already shipped'],
  ])('cancel answered %i shows its outcome', async (status, text) => {
    serve((call) =>
      call.method === 'DELETE' ? answer(status, { message: 'server text' }) : answer(200, [order(7, 'pending')]),
    );
    render(<OrderHistoryIsland {...historyProps} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order 1007' }));
    await userEvent.click(screen.getByLabelText('Other reason'));
    await userEvent.type(screen.getByLabelText('Tell us more'), 'changed my mind');
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(await screen.findByText(new RegExp(text))).toBeTruthy();
    const cancel = calls.find((call) => call.method === 'DELETE');
    expect(cancel?.url.pathname).toBe('/api/v2/orders/1007/');
    expect(cancel?.body).toEqual({ cancellation_reason: 'other', cancellation_note: 'changed my mind' });
    if (status !== 409) expect(screen.getAllByText('Cancellation requested').length).toBeGreaterThan(0);
  });

  it('asks for the note of another reason and sends nothing until it is written', async () => {
    serve((call) =>
      call.method === 'DELETE' ? answer(200, { message: 'order cancelled' }) : answer(200, [order(8, 'pending')]),
    );
    render(<OrderHistoryIsland {...historyProps} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order 1008' }));
    await userEvent.click(screen.getByLabelText('Other reason'));
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    const note = screen.getByLabelText('Tell us more');
    expect(screen.getByText('Please tell us why you want to cancel this order.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.type(note, 'duplicate order');
    expect(screen.queryByText('Please tell us why you want to cancel this order.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it("shows the store's day, the service by name and where the order goes", async () => {
    const shipTo = {
      first_name: 'Ana',
      last_name: 'Diaz',
      address1: '1 Main St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      country: 'US',
    };
    serve(() =>
      answer(200, [
        { ...order(9, 'pending', { date_ordered: '20261123033000', ship_type: 'standard' }), ship_to: shipTo },
      ]),
    );
    render(<OrderHistoryIsland {...historyProps} />);
    expect(await screen.findByText('November 22, 2026')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('Ana Diaz, 1 Main St, Denver, CO 80202, United States')).toBeTruthy();
    expect(screen.getByText("Dates are in the store's time zone, Mountain Time (Salt Lake City).")).toBeTruthy();
  });

  it('disables cancel when the order can no longer be edited', async () => {
    serve(() => answer(200, [order(3, 'pending', { customer_can_edit: false })]));
    render(<OrderHistoryIsland {...historyProps} />);
    const button = await screen.findByRole('button', { name: 'Cancel order 1003' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('order lookup island', () => {
  const lookupProps = {
    messages,
    locale: 'en' as const,
    storeId: 'marine' as const,
    storefrontUrl: 'https://shop.example/',
  };

  it('submits by itself when opened with a valid query', async () => {
    serve(() => answer(200, [order(55, 'shipped')]));
    render(<OrderLookupIsland {...lookupProps} initialQuery="?email=ana%40example.com&order_no=1055" />);
    expect(await screen.findByRole('heading', { name: 'Order 1055' })).toBeTruthy();
    expect(calls[0]?.url.pathname).toBe('/api/v2/orders/history/guest/');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      email: 'ana@example.com',
      order_no: '1055',
    });
  });

  it('keeps the button disabled until valid and the query in sync', async () => {
    serve(() => answer(200, []));
    render(<OrderLookupIsland {...lookupProps} initialQuery="" />);
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
    expect(window.location.search).toBe('?email=ana%40example.com&order_no=12');
    await userEvent.click(screen.getByRole('radio', { name: 'Invoice number' }));
    expect(window.location.search).toBe('?email=ana%40example.com');
    expect(calls).toEqual([]);
  });

  it('says the order was not found and points to order history', async () => {
    serve(() => answer(200, []));
    render(<OrderLookupIsland {...lookupProps} initialQuery="?email=ana%40example.com&invoice_no=INV-9" />);
    expect(await screen.findByText('Order not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/order-history/');
    await waitFor(() => expect(calls[0]?.url.searchParams.get('invoice_no')).toBe('INV-9'));
  });

  it('keeps a script-like e-mail as text and does not send it', () => {
    serve(() => answer(200, []));
    const { container } = render(
      <OrderLookupIsland {...lookupProps} initialQuery="?email=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&order_no=1" />,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail address' }).value).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(calls).toEqual([]);
  });
});
