// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { messagesFor } from '~/lib/i18n/messages';
import BulkAddIsland from '~/features/bulk-add/BulkAddIsland';
import { $bulk, type BulkResult } from '~/features/bulk-add/bulk-add.store';
import { stores } from '~/stores';

const product = (sku: string, basePrice: number, unitPrice: string, canBuy = true) => ({
  product_id: Number(sku),
  sku,
  name: `Part ${sku}`,
  base_price: basePrice,
  unit_price: unitPrice,
  ship_class: 'now',
  customer_can_buy: canBuy,
});

beforeEach(() => {
  replaceBrowser({ fetch: () => Promise.resolve(Response.json({})) });
});
afterEach(cleanup);

function showCards(results: BulkResult[]) {
  render(
    <BulkAddIsland
      messages={messagesFor(BulkAddIsland, 'en')}
      locale="en"
      store={stores.marine}
      basket={null}
      basketNum={undefined}
      basketLoad="ok"
    />,
  );
  act(() => $bulk.set({ results, unreadable: [], searching: false, adding: false, failed: false }));
  return (sku: string) => screen.getByText(`SKU ${sku}`).closest('li') as HTMLElement;
}

describe('BulkAddIsland cards', () => {
  it('offer what the line adds, the same quantity at the list price struck through beside it', () => {
    const card = showCards([
      { sku: '0437512', quantity: 2, status: 'found', product: product('0437512', 6495, '58.46') },
    ])('0437512');
    const add = within(card).getByRole('button', { name: /^Add 0437512 for/ });
    expect(add.textContent).toBe('Add 0437512 for $116.92List price $129.90');
    expect(add.querySelector('s')?.textContent).toBe('List price $129.90');
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it('say from the start why a part cannot be added, and offer no Add for it', () => {
    const cardOf = showCards([
      { sku: '0046738', quantity: 1, status: 'found', product: product('0046738', 0, '0') },
      { sku: '0052984', quantity: 1, status: 'found', product: product('0052984', 1299, '12.99', false) },
      { sku: '0777213', quantity: 0, status: 'found', product: product('0777213', 860, '7.74') },
    ]);
    const expectations = [
      ['0046738', 'This part has no price yet and cannot be bought online'],
      ['0052984', 'This part cannot be bought online'],
      ['0777213', 'Enter a quantity of at least 1'],
    ] as const;
    for (const [sku, why] of expectations) {
      const card = cardOf(sku);
      expect(within(card).getByText(why)).toBeTruthy();
      const add = within(card).getByRole<HTMLButtonElement>('button', { name: `Add ${sku}` });
      expect(add.disabled).toBe(true);
      expect(card.textContent).not.toContain('$0.00');
    }
    expect(within(cardOf('0777213')).getByRole('spinbutton').getAttribute('aria-invalid')).toBe('true');
  });

  it('promise no shipping for a part that cannot be bought, while one waiting for a quantity keeps it', () => {
    const cardOf = showCards([
      { sku: '0046738', quantity: 1, status: 'found', product: product('0046738', 0, '0') },
      { sku: '0777213', quantity: 0, status: 'found', product: product('0777213', 860, '7.74') },
    ]);
    expect(cardOf('0046738').textContent).not.toContain('Ships immediately');
    expect(within(cardOf('0777213')).getByText('Ships immediately')).toBeTruthy();
  });
});
