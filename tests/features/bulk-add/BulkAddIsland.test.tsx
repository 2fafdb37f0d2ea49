// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Notifications from '~/components/ui/Notifications';
import BulkAddIsland, { type BulkAddProps } from '~/features/bulk-add/BulkAddIsland';
import { pickMessages } from '~/lib/i18n/messages';
import { notify } from '~/lib/notifications/notifications.store';
import { stores } from '~/stores';
import { fakeIslandApi, SERVER_ERROR, json, type IslandApi, type SentCall } from '../../support/island-api';

const store = stores.marine;
const PARTS: Record<string, { product_id: number; name: string; base_price: number }> = {
  '0777213': { product_id: 501, name: 'Fuel Filter', base_price: 1250 },
  '9113492': { product_id: 502, name: 'Thermostat', base_price: 2000 },
};
const MERCURY = 2;

/** The batch lookup's stream: one line a part, in the order asked; `failed` parts get no answer. */
function lookupAnswer(call: SentCall, failed: readonly string[] = []): Response {
  const { parts, mfg } = call.body as { parts: string[]; mfg: number };
  const lines = parts.map((sku) => {
    if (failed.includes(sku)) return { failed: true };
    const part = mfg === store.defaultBulkManufacturer ? PARTS[sku] : undefined;
    return {
      product: part
        ? { ...part, sku, unit_price: (part.base_price / 100).toFixed(2), ship_class: 'now', customer_can_buy: 1 }
        : null,
    };
  });
  return new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
    headers: { 'content-type': 'application/x-ndjson' },
  });
}

/** The store API's basket after the adds: product id to quantity. */
let basket: Map<number, number>;
let api: IslandApi;

function basketAnswer() {
  const lines = [...basket].map(([id, quantity]) => {
    const [sku, part] = Object.entries(PARTS).find(([, candidate]) => candidate.product_id === id)!;
    const price = part.base_price / 100;
    return { product_id: id, sku, name: part.name, quantity, pricediscounted: price, extprice: price * quantity };
  });
  return { ORDER: { basketNum: 'B9', orderTotal: 0, shipping: 0, tax: 0 }, BASKET: lines };
}

function serve(): void {
  api.on('POST', /^bulk-lookup\/$/, (call: SentCall) => lookupAnswer(call));
  api.on('POST', /^a\/basket\/bulk\/$/, (call: SentCall) => {
    const { items } = call.body as { items: { product_id: number; quantity: number }[] };
    for (const item of items) basket.set(item.product_id, (basket.get(item.product_id) ?? 0) + item.quantity);
    return json(200, { BASKETNUM: 'B9', results: items.map((item) => ({ product_id: item.product_id, SUCCESS: 1 })) });
  });
  api.on('GET', /^a\/basket\/B9\/$/, () => json(200, basketAnswer()));
  api.on('POST', /^a\/basket\/B9\/$/, { ok: true });
}

function renderBulk(change: Partial<BulkAddProps> = {}) {
  render(
    <>
      <BulkAddIsland
        messages={pickMessages('en', BulkAddIsland.messageDomains)}
        locale="en"
        store={store}
        basket={null}
        basketNum={undefined}
        basketLoad="ok"
        prefill={null}
        {...change}
      />
      <Notifications messages={pickMessages('en', Notifications.messageDomains)} />
    </>,
  );
}

async function find(text: string): Promise<void> {
  await userEvent.type(screen.getByLabelText('Part numbers'), text);
  await userEvent.click(screen.getByRole('button', { name: 'Find products' }));
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
const lookups = () => api.sent('POST', /^bulk-lookup\/$/).map((call) => call.body);

beforeEach(() => {
  basket = new Map();
  notify(false);
  api = fakeIslandApi();
  serve();
});
afterEach(cleanup);

describe('bulk add island', () => {
  it('looks the pasted parts up in one batch of the chosen manufacturer and counts what it found', async () => {
    renderBulk();
    await find('0777213 2{enter}9113492');
    expect(await screen.findByText('Looked up 2 of 2: 2 found, 0 not found')).toBeTruthy();
    expect(lookups()).toEqual([{ mfg: store.defaultBulkManufacturer, parts: ['0777213', '9113492'] }]);
    expect(within(card('Fuel Filter')).getByLabelText<HTMLInputElement>('Quantity of 0777213').value).toBe('2');
    expect(within(card('Thermostat')).getByText('Ships immediately')).toBeTruthy();
  });

  it("names a part it did not find and looks the list up among another manufacturer's parts on one press", async () => {
    renderBulk();
    await find('0777213{enter}NOPE-1');
    expect(await screen.findByText('Part NOPE-1 was not found among Evinrude/Johnson/OMC parts.')).toBeTruthy();
    const missing = screen.getByText(/Part NOPE-1 was not found/).closest('li') as HTMLElement;
    await userEvent.click(within(missing).getByRole('button', { name: 'Search Mercury parts' }));
    expect(await screen.findByText('Part NOPE-1 was not found among Mercury parts.')).toBeTruthy();
    expect(lookups().at(-1)).toEqual({ mfg: MERCURY, parts: ['0777213', 'NOPE-1'] });
    expect(screen.getByLabelText<HTMLSelectElement>('Manufacturer').value).toBe(String(MERCURY));
  });

  it('adds every found card in one request, marks each added, and the summary shows the new basket', async () => {
    renderBulk();
    await find('0777213 2{enter}9113492');
    await screen.findByText('Looked up 2 of 2: 2 found, 0 not found');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add all to cart' })[0]!);
    await waitFor(() => expect(screen.getAllByText('Added to cart')).toHaveLength(2));
    expect(api.sent('POST', /^a\/basket\/bulk\/$/).map((call) => call.body)).toEqual([
      {
        store_id: 'marine',
        items: [
          { product_id: 501, quantity: 2 },
          { product_id: 502, quantity: 1 },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('item-count').textContent).toBe('3'));
    // The estimate the cart shows for the same basket.
    expect(screen.getByTestId('shipping').textContent).toMatch(/^US standard from \$8\.45$/);
    expect(document.cookie).toContain('BASKETN=B9');
  });

  it('a lookup that fails as a whole keeps the list, says so, and Try again looks the parts up', async () => {
    api.once('POST', /^bulk-lookup\/$/, json(SERVER_ERROR.status, SERVER_ERROR.body));
    renderBulk();
    await find('0777213{enter}9113492');
    const failure = await screen.findByText('The parts could not be looked up. Your list is kept: try again.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Part numbers').value).toBe('0777213\n9113492');
    expect(screen.getByText('Part 0777213 could not be looked up: Something went wrong on our server')).toBeTruthy();
    await userEvent.click(within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button'));
    expect(await screen.findByText('Looked up 2 of 2: 2 found, 0 not found')).toBeTruthy();
    expect(screen.queryByText(/could not be looked up/)).toBeNull();
  });

  it('a part the store did not answer is a card of its own with Try again; the others stand', async () => {
    api.once('POST', /^bulk-lookup\/$/, (call: SentCall) => lookupAnswer(call, ['9113492']));
    renderBulk();
    await find('0777213{enter}9113492');
    expect(
      await screen.findByText('Part 9113492 could not be looked up: Something went wrong on our server'),
    ).toBeTruthy();
    expect(screen.getByText(/1 could not be looked up\./)).toBeTruthy();
    expect(card('Fuel Filter')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent === 'Something went wrong')).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again to look up 9113492' }));
    expect(await screen.findByRole('heading', { name: 'Thermostat' })).toBeTruthy();
    expect(lookups().at(-1)).toEqual({ mfg: store.defaultBulkManufacturer, parts: ['9113492'] });
  });

  it('an add the store refuses marks each card with its reason and says so; adding again then succeeds', async () => {
    api.once('POST', /^a\/basket\/bulk\/$/, json(SERVER_ERROR.status, SERVER_ERROR.body));
    renderBulk();
    await find('0777213{enter}9113492');
    await screen.findByText('Looked up 2 of 2: 2 found, 0 not found');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add all to cart' })[0]!);
    await waitFor(() => expect(screen.getAllByText('Could not add: injected fault 500')).toHaveLength(2));
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === 'injected fault 500')).toBe(true);
    expect(basket.size).toBe(0);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add all to cart' })[0]!);
    await waitFor(() => expect(screen.getAllByText('Added to cart')).toHaveLength(2));
    expect(screen.queryByText(/Could not add/)).toBeNull();
  });

  it('a sidebar basket the server could not load offers Try again, which shows it', async () => {
    basket.set(501, 1);
    renderBulk({ basketNum: 'B9', basketLoad: 'error' });
    const error = screen.getByRole('alert');
    expect(error.textContent).toContain('We couldn’t load your cart.');
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('item-count').textContent).toBe('1'));
  });
});
