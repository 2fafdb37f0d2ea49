// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Notifications from '~/components/ui/Notifications';
import CartIsland, { type CartIslandProps } from '~/features/cart/CartIsland';
import { pickMessages } from '~/lib/i18n/messages';
import { notify } from '~/lib/notifications/notifications.store';
import { toBasket } from '~/lib/store-api/basket';
import { stores } from '~/stores';
import { FAULT_KINDS, fakeIslandApi, type IslandApi } from '../../support/island-api';

/** The store API's basket: product id to quantity, answered whole after every change. */
let held: Map<number, number>;
let api: IslandApi;

const PRODUCTS = {
  2043: { sku: '2043', name: 'Water Pump Impeller', price: 10 },
  15732: { sku: '15732', name: 'Spark Plug', price: 12.5 },
} as const;

function basketAnswer() {
  const lines = [...held].map(([id, quantity]) => {
    const product = PRODUCTS[id as keyof typeof PRODUCTS];
    return {
      product_id: id,
      sku: product.sku,
      name: product.name,
      ship_class: 'now',
      quantity,
      inventory: 99,
      pricediscounted: product.price,
      extprice: product.price * quantity,
      base_price: product.price,
      mfg_account_id: 10,
      customer_can_buy: 1,
    };
  });
  const total = lines.reduce((sum, line) => sum + line.extprice, 0);
  return { ORDER: { basketNum: 'B1', orderTotal: total, shipping: 0, tax: 0 }, BASKET: lines };
}

function serveBasket(): void {
  api.on('GET', /^a\/basket\/B1\/$/, () => Response.json(basketAnswer()));
  api.on('PATCH', /^a\/item\/\d+\/\d+\/$/, (call) => {
    const [, , id, quantity] = call.path.split('/').map(Number);
    if (quantity === 0) held.delete(id!);
    else held.set(id!, quantity!);
    return Response.json(basketAnswer());
  });
}

const store = stores.marine;
const props = (change: Partial<CartIslandProps> = {}): CartIslandProps => ({
  locale: 'en',
  messages: pickMessages('en', CartIsland.messageDomains),
  basketNum: 'B1',
  shareOrigin: 'https://shop.example/',
  basket: toBasket(basketAnswer()),
  load: 'ok',
  ordered: false,
  viewer: { isAuthorized: false, isGuest: false, isAlmostGuest: false },
  store: { ...store, storefrontUrl: store.storefrontUrl, newShopUrl: store.newShopUrl },
  blockPurchases: false,
  edit: false,
  previousPage: null,
  rejected: [],
  ...change,
});

function renderCart(change: Partial<CartIslandProps> = {}) {
  render(
    <>
      <CartIsland {...props(change)} />
      <Notifications messages={pickMessages('en', Notifications.messageDomains)} />
    </>,
  );
}

const fieldOf = (productId: number) => document.getElementById(`qty-${productId}`) as HTMLInputElement;
const itemCount = () => screen.getByTestId('item-count').textContent;
const alertWith = (text: string) => screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes(text));

beforeEach(() => {
  held = new Map([
    [2043, 1],
    [15732, 2],
  ]);
  notify(false);
  sessionStorage.clear();
  api = fakeIslandApi();
  serveBasket();
});
afterEach(cleanup);

describe('cart island', () => {
  it('shows the basket the page loaded, its lines, quantities and item count, without asking again', async () => {
    renderCart();
    expect(screen.getByRole('heading', { name: 'Water Pump Impeller' })).toBeTruthy();
    expect(fieldOf(2043).value).toBe('1');
    expect(fieldOf(15732).value).toBe('2');
    expect(itemCount()).toBe('3');
    expect(screen.getByTestId('subtotal').textContent).toBe('$35.00');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(api.sent('GET', /^a\/basket\//)).toEqual([]);
  });

  it('sends a typed quantity once typing stops, and shows the basket the store answers', async () => {
    renderCart();
    fireEvent.change(fieldOf(2043), { target: { value: '3' } });
    await waitFor(() => expect(itemCount()).toBe('5'));
    expect(api.sent('PATCH', /^a\/item\//).map((call) => call.path)).toEqual(['a/item/2043/3/']);
    expect(api.sent('PATCH', /^a\/item\//)[0]?.body).toEqual({ basketNum: 'B1' });
    expect(fieldOf(2043).value).toBe('3');
    expect(screen.getByTestId('subtotal').textContent).toBe('$55.00');
  });

  it('flags a shipping estimate before the store prices shipping, free from the threshold on', async () => {
    renderCart();
    expect(screen.getByRole('rowheader', { name: 'Shipping (estimate)' })).toBeTruthy();
    expect(screen.getByTestId('shipping').textContent).toBe('US standard from $8.45');
    expect(screen.getByTestId('tax').textContent).toBe('Calculated at checkout');
    fireEvent.change(fieldOf(2043), { target: { value: '8' } });
    await waitFor(() => expect(screen.getByTestId('subtotal').textContent).toBe('$105.00'));
    expect(screen.getByTestId('shipping').textContent).toBe('Free (no rush, US)');
  });

  it('removes a line with quantity 0 and offers to restore it', async () => {
    renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Spark Plug' }));
    expect(await screen.findByText('Spark Plug was removed.')).toBeTruthy();
    expect(api.sent('PATCH', /^a\/item\//).map((call) => call.path)).toEqual(['a/item/15732/0/']);
    await waitFor(() => expect(itemCount()).toBe('1'));
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('refuses a quantity it cannot send: says why, sends nothing, and goes back on leaving the field', async () => {
    renderCart();
    const field = fieldOf(2043);
    fireEvent.change(field, { target: { value: '0' } });
    expect(screen.getByText('The quantity must be at least 1; use Remove to take the item out')).toBeTruthy();
    fireEvent.blur(field);
    expect(field.value).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.sent('PATCH', /^a\/item\//)).toEqual([]);
    expect(itemCount()).toBe('3');
  });

  it('a basket the server could not load says so, and Try again shows it', async () => {
    renderCart({ basket: null, load: 'error' });
    const error = screen.getByRole('alert');
    expect(error.textContent).toContain('We couldn’t load your cart.');
    expect(error.textContent).toContain('Something went wrong on our server');
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fieldOf(2043).value).toBe('1'));
    expect(fieldOf(15732).value).toBe('2');
    expect(itemCount()).toBe('3');
  });
});

describe.each(FAULT_KINDS)('cart island meeting $name', (kind) => {
  it(
    kind.fails
      ? 'basket load: Try again that fails keeps the error and its Try again, and the next shows the basket whole'
      : 'basket load: the late answer shows the basket whole',
    async () => {
      renderCart({ basket: null, load: 'error' });
      const hold = api.fault(kind, 'GET', /^a\/basket\/B1\/$/);
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await hold.sent;
      if (kind.fails) {
        const error = await screen.findByRole('alert');
        expect(error.textContent).toContain('We couldn’t load your cart.');
        await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
      } else {
        expect(screen.getByRole('status').textContent).toBe('Loading…');
        hold.release();
      }
      await waitFor(() => expect(fieldOf(2043).value).toBe('1'));
      expect(fieldOf(15732).value).toBe('2');
      expect(itemCount()).toBe('3');
    },
  );

  it(
    kind.fails
      ? 'quantity update: the store says why, the line goes back, and the same edit then succeeds'
      : 'quantity update: the late answer shows as usual and nothing is lost',
    async () => {
      renderCart();
      const hold = api.fault(kind, 'PATCH', /^a\/item\/2043\//);
      fireEvent.change(fieldOf(2043), { target: { value: '3' } });
      await hold.sent;
      if (kind.fails) {
        await waitFor(() => expect(alertWith(kind.text)).toBeTruthy());
        await waitFor(() => expect(fieldOf(2043).value).toBe('1'));
        expect(itemCount()).toBe('3');
        expect([...held]).toEqual([
          [2043, 1],
          [15732, 2],
        ]);
        fireEvent.change(fieldOf(2043), { target: { value: '3' } });
      } else {
        expect(fieldOf(2043).value).toBe('3');
        expect(screen.queryAllByRole('alert')).toEqual([]);
        hold.release();
      }
      await waitFor(() => expect(itemCount()).toBe('5'));
      expect(held.get(2043)).toBe(3);
      expect(fieldOf(2043).value).toBe('3');
      expect(fieldOf(15732).value).toBe('2');
    },
  );
});
