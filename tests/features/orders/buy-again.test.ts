import { describe, expect, it } from 'vitest';
import { buyAgainHref, buyAgainLists } from '~/features/orders/buy-again';

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
});
