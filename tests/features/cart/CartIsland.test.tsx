// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '~/lib/api/client';
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
  configureClient({
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
  },
  blockPurchases: false,
  edit: false,
  previousPage: null,
  rejected: [],
};

describe('CartIsland', () => {
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
