// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { resetRequests } from '~/lib/api/requests.store';
import { messagesFor } from '~/lib/i18n/messages';
import { toBasket } from '~/lib/store-api/basket';
import CartIsland, { type CartIslandProps } from '~/features/cart/CartIsland';
import twoLines from './fixtures/two-lines.json';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let suggestions: unknown[] = [];

function answer(request: Request): Response {
  const path = new URL(request.url).pathname.replace(/^\/api\//, '');
  if (path.startsWith('v2/suggest/products')) return json(suggestions);
  // The second cart source holds the same lines: no reload.
  if (path.startsWith('graphql'))
    return json({ data: { cart: { orderLines: [{ product: { sku: '2043' } }, { product: { sku: '15732' } }] } } });
  return json({});
}

beforeEach(() => {
  suggestions = [];
  resetRequests();
  replaceBrowser({
    fetch: (input, init) => Promise.resolve(answer(input instanceof Request ? input : new Request(input, init))),
  });
});
afterEach(cleanup);

const props: CartIslandProps = {
  locale: 'en',
  messages: messagesFor(CartIsland, 'en'),
  basketNum: 'B1',
  shareOrigin: 'https://shop.example/',
  basket: toBasket(twoLines),
  load: 'ok',
  ordered: false,
  viewer: { isAuthorized: true, isGuest: false, isAlmostGuest: false },
  store: {
    id: 'marine',
    showsInventoryWarning: true,
    bannedManufacturers: [],
    storefrontUrl: 'https://shop.example/',
    newShopUrl: 'https://new.example/',
    manufacturers: [],
    freeShippingFrom: null,
    shippingFrom: null,
  },
  blockPurchases: false,
  edit: false,
  previousPage: null,
  rejected: [],
};

describe('CartIsland', () => {
  it('shows a suggestion at the price the cart charges, its list price struck through', async () => {
    suggestions = [
      {
        product_id: 1374449,
        sku: '0437512',
        name: 'Water Pump Repair Kit',
        base_price: 64.95,
        pricediscounted: 58.46,
        customer_can_buy: 1,
        ship_class: 'now',
        mfg_account_id: 1,
      },
      {
        product_id: 2044,
        sku: '6E5-1',
        name: 'Impeller',
        base_price: 24.31,
        pricediscounted: 24.31,
        customer_can_buy: 1,
        ship_class: 'now',
        mfg_account_id: 10,
      },
    ];
    render(<CartIsland {...props} />);
    const region = await screen.findByRole('region', { name: 'You may also need' });
    const [kit, impeller] = within(region).getAllByRole('listitem');
    expect(kit?.querySelector('.suggestion__price')?.textContent).toBe('$58.46List price $64.95');
    expect(kit?.querySelector('s')?.textContent).toBe('List price $64.95');
    expect(impeller?.querySelector('.suggestion__price')?.textContent).toBe('$24.31');
  });

  it('drops a quantity message once the field shows a quantity that can be sent again', async () => {
    render(<CartIsland {...props} />);
    // The impeller's line: one of 1 in the store's basket.
    const field = screen.getAllByRole('spinbutton')[0] as HTMLInputElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: '10000' } });
    expect(screen.getByRole('alert').textContent).toBe('The quantity can be at most 9999');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Leaving the field puts the store's quantity back, and the message goes with the refused one.
    fireEvent.blur(field);
    expect(field.value).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
