// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { resetRequests } from '~/lib/api/requests.store';
import { invoiceSeller } from '~/components/invoice/seller';
import { stores } from '~/stores';
import { dictionaries } from '~/lib/i18n/messages';
import PaymentSuccessIsland from '~/features/payment-success/PaymentSuccessIsland';
import { ADDRESS, memoryStorage } from '../../support/review-order-fixtures';

const receipt = {
  ORDER_NO: 700001,
  JSONINVOICE: {
    order_no_display: 701001,
    invoice_num: '3700001',
    date_ordered: '20261122153000',
    billing: ADDRESS,
    shipping: { ...ADDRESS, firstname: 'Bo' },
    order_items: [{ sku: '6CE-44352-00', name: 'Impeller', quantity: 2, price: 12, your_price: 10, ext_price: 20 }],
    subtotal: 20,
    tax: 1.5,
    ship_type: 'standard',
    ship_charge: 8,
    total: 29.5,
  },
  GAITEMS: [{ sku: '6CE-44352-00', name: 'Impeller', manufacturer: 'Yamaha', quantity: 2, price: 10 }],
  GAORDER: { order_no: 700001, display_name: '701001', ordertotal: 29.5, tax: 1.5, shipping: 8 },
};

let store: Record<string, string> = {};
let navigated: string[] = [];
let cookieCleared = 0;
let posts: { path: string; body: unknown }[] = [];

function serve(walletAnswer: () => Response) {
  replaceBrowser({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname.replace(/^\/api\//, '');
      const text = await request.text();
      posts.push({ path, body: text ? (JSON.parse(text) as unknown) : undefined });
      if (path.startsWith('a/paypal/')) return walletAnswer();
      return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
}

const props = {
  messages: dictionaries.en,
  locale: 'en' as const,
  signedIn: true,
  basketNum: 'B1' as string | undefined,
  storeId: 'marine',
  storefrontUrl: 'https://shop.example/',
  contactFormUrl: 'https://www.marineparts.example/contact_us.html#contact-form',
  redirectTo: '/',
  supportPhone: '+1 (800) 555-0134',
  supportEmail: 'support@example.com',
  seller: invoiceSeller(stores.marine, 'https://shop.example/'),
  guest: false,
  email: 'ana@example.com' as string | null,
  lookupAction: '/order-info/?_action=orders.lookup',
};

beforeEach(() => {
  store = {};
  navigated = [];
  cookieCleared = 0;
  posts = [];
  resetRequests();
  window.history.replaceState(null, '', '/payment-success/');
  replaceBrowser({
    replace: (url) => navigated.push(url),
    sessionStorage: () => memoryStorage(store),
    writeCookie: (cookie) => {
      if (/BASKETN=;.*Max-Age=0/.test(cookie)) cookieCleared += 1;
    },
  });
  serve(() => new Response('{"CODE":0}', { status: 200 }));
});
afterEach(() => cleanup());

describe('payment success island', () => {
  it('shows the complete invoice, clears the cart, sends analytics and survives a reload', async () => {
    store['checkout:B1'] = JSON.stringify({ payMethod: 'cc', receipt });
    render(<PaymentSuccessIsland {...props} />);
    expect(await screen.findByRole('heading', { name: 'Your order has been received' })).toBeTruthy();
    // The number in the thank-you card and in the invoice.
    expect(screen.getAllByText('701001')).toHaveLength(2);
    expect(screen.getByText('3700001')).toBeTruthy();
    expect(screen.getByText('Thank you, Ana!')).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Arrives in 3-5 business days')).toBeTruthy();
    // Track order posts the order's lookup: the e-mail stays out of the address.
    const track = screen.getByRole('button', { name: 'Track order' }).closest('form');
    expect(track?.getAttribute('method')).toBe('post');
    expect(track?.getAttribute('action')).toBe('/order-info/?_action=orders.lookup');
    expect(Object.fromEntries(new FormData(track ?? undefined))).toEqual({
      email: 'ana@example.com',
      mode: 'order',
      order_no: '701001',
    });
    expect(screen.getByText('November 22, 2026')).toBeTruthy();
    expect(screen.getByText("Dates are in the store's time zone, Mountain Time (Salt Lake City).")).toBeTruthy();
    expect(screen.getByText('Impeller')).toBeTruthy();
    expect(screen.getByText('Shipping (Standard)')).toBeTruthy();
    expect(screen.getByText('$29.50')).toBeTruthy();
    // Bill to, ship to, and the seller's own address.
    expect(screen.getAllByText(/United States/)).toHaveLength(3);
    expect(screen.getByText('Marine Parts Store')).toBeTruthy();
    expect(document.body.textContent).not.toContain('US^');
    expect(screen.getAllByText('(303) 555-0100')).toHaveLength(2);
    expect(store['checkout:B1']).toBeUndefined();
    expect(cookieCleared).toBe(1);
    await waitFor(() => expect(posts.some((post) => post.path.startsWith('analytics'))).toBe(true));
    const analytics = posts.find((post) => post.path.startsWith('analytics'))?.body as {
      order: { order_no: string };
      items: unknown[];
    };
    expect(analytics.order.order_no).toBe('700001');
    expect(analytics.items).toHaveLength(1);
    cleanup();
    // Reload: the basket cookie is gone, the invoice stays.
    render(<PaymentSuccessIsland {...props} basketNum={undefined} />);
    expect(await screen.findAllByText('701001')).toHaveLength(2);
    expect(navigated).toEqual([]);
  });

  it('asks to contact the shop for payment method ol', async () => {
    store['checkout:B1'] = JSON.stringify({ payMethod: 'ol', receipt });
    render(<PaymentSuccessIsland {...props} />);
    expect(await screen.findByText(/quote order number 701001/)).toBeTruthy();
  });

  it('redirects without a stored method to the stored target page', async () => {
    render(<PaymentSuccessIsland {...props} redirectTo="/order-info/" />);
    await waitFor(() => expect(navigated).toEqual(['/order-info/']));
  });

  it('confirms the wallet with the token', async () => {
    store['checkout:B1'] = JSON.stringify({ payMethod: 'pp' });
    window.history.replaceState(null, '', '/payment-success/?token=EC-1');
    serve(() => new Response(JSON.stringify({ CODE: 0, RECEIPT: receipt }), { status: 200 }));
    render(<PaymentSuccessIsland {...props} />);
    expect(await screen.findByRole('heading', { name: 'Your order has been received' })).toBeTruthy();
    expect(posts.some((post) => post.path === 'a/paypal/EC-1/')).toBe(true);
  });

  it.each([
    ['a non-zero CODE', '?token=EC-1', () => new Response(JSON.stringify({ CODE: 5 }), { status: 200 })],
    ['a failed call', '?token=EC-1', () => new Response(JSON.stringify({ message: 'x' }), { status: 500 })],
    ['a missing token', '', () => new Response('{}', { status: 200 })],
  ])('shows the critical wallet error on %s', async (_name, query, answer) => {
    store['checkout:B1'] = JSON.stringify({ payMethod: 'pp' });
    window.history.replaceState(null, '', `/payment-success/${query}`);
    serve(answer);
    render(<PaymentSuccessIsland {...props} />);
    expect(await screen.findByRole('heading', { name: 'PayPal error' })).toBeTruthy();
    expect(screen.getByText(/has not been charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@example.com' })).toBeTruthy();
    // The basket number means nothing to the shopper: no order, no reference.
    expect(screen.queryByText(/Reference:/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      'https://www.marineparts.example/contact_us.html#contact-form',
    );
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('target')).toBe('_blank');
    expect(cookieCleared).toBe(0);
  });

  it('quotes the order number of a wallet error that names its order', async () => {
    store['checkout:B1'] = JSON.stringify({ payMethod: 'pp' });
    window.history.replaceState(null, '', '/payment-success/?token=EC-1');
    serve(() => new Response(JSON.stringify({ CODE: 4, RECEIPT: receipt }), { status: 200 }));
    render(<PaymentSuccessIsland {...props} />);
    expect(await screen.findByRole('heading', { name: 'PayPal error' })).toBeTruthy();
    expect(screen.getByText('Reference: 701001')).toBeTruthy();
  });

  it('after a lost confirmation answer never says nothing was placed, keeps the method, and Try again shows the receipt', async () => {
    store['checkout:B1'] = JSON.stringify({ payMethod: 'pp' });
    window.history.replaceState(null, '', '/payment-success/?token=EC-1');
    let lost = true;
    serve(() =>
      lost
        ? new Response(JSON.stringify({ message: 'The store did not answer in time', unanswered: true }), {
            status: 504,
          })
        : new Response(JSON.stringify({ CODE: 0, RECEIPT: receipt }), { status: 200 }),
    );
    render(<PaymentSuccessIsland {...props} />);
    expect(await screen.findByRole('heading', { name: 'We could not confirm your PayPal payment' })).toBeTruthy();
    expect(screen.queryByText(/has not been placed/)).toBeNull();
    expect(store['checkout:B1']).toBe(JSON.stringify({ payMethod: 'pp' }));
    expect(cookieCleared).toBe(0);
    lost = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your order has been received' })).toBeTruthy();
    expect(posts.filter((post) => post.path === 'a/paypal/EC-1/')).toHaveLength(2);
    expect(store['checkout:B1']).toBeUndefined();
    expect(cookieCleared).toBe(1);
  });
});
