import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkAddRefusal, mapWithConcurrency, parseBulkText } from '~/features/bulk-add/bulk-add';

describe('parseBulkText', () => {
  it('reads parts with optional quantities, merging duplicates and skipping blank lines', () => {
    expect(parseBulkText('0437512 2\n\n6E5-44352-01-00\n0437512 3\n0777213 -4\n')).toEqual({
      parts: [
        { sku: '0437512', quantity: 5 },
        { sku: '6E5-44352-01-00', quantity: 1 },
        { sku: '0777213', quantity: 0 },
      ],
      unreadable: [],
    });
  });
  it('accepts spreadsheet and e-mail separators', () => {
    expect(parseBulkText('  A-1,2 \nB-2;3\nC-3\t4\na-1 , 1').parts).toEqual([
      { sku: 'A-1', quantity: 3 },
      { sku: 'B-2', quantity: 3 },
      { sku: 'C-3', quantity: 4 },
    ]);
  });
  it('lists lines it cannot read instead of dropping them', () => {
    expect(parseBulkText('Hello there Bob\nA-1 two\nB-2 1').unreadable).toEqual(['Hello there Bob', 'A-1 two']);
  });
  it('is order-independent and never negative (property)', () => {
    const line = fc.tuple(fc.constantFrom('A1', 'B2', 'c3', 'C3', 'D-4'), fc.integer({ min: -50, max: 50 })).map(([sku, qty]) => `${sku} ${qty}`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const forward = parseBulkText(lines.join('\n'));
        const backward = parseBulkText([...lines].reverse().join('\n'));
        const totals = (parts: { sku: string; quantity: number }[]) => Object.fromEntries(parts.map((p) => [p.sku.toUpperCase(), p.quantity]));
        expect(totals(forward.parts)).toEqual(totals(backward.parts));
        expect(forward.parts.every((p) => p.quantity >= 0)).toBe(true);
      }),
    );
  });
});

describe('bulkAddRefusal', () => {
  it('skips products that cannot be bought or have no price', () => {
    expect(bulkAddRefusal({ customer_can_buy: 1, base_price: 5, ship_class: 'now' })).toBeNull();
    expect(bulkAddRefusal({ customer_can_buy: 0, base_price: 5, ship_class: 'now' })).toBe('notForSale');
    expect(bulkAddRefusal({ customer_can_buy: 1, base_price: 0, ship_class: 'now' })).toBe('noPrice');
  });
});

describe('mapWithConcurrency', () => {
  it('never has more than the limit in flight and keeps order', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapWithConcurrency(Array.from({ length: 40 }, (_, i) => i), 4, async (n) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return n * 2;
    });
    expect(peak).toBe(4);
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });
  it('stops starting work once cancelled', async () => {
    const controller = new AbortController();
    let started = 0;
    await mapWithConcurrency(Array.from({ length: 50 }, (_, i) => i), 2, async () => {
      started += 1;
      if (started === 3) controller.abort();
      await Promise.resolve();
      return 1;
    }, { signal: controller.signal });
    expect(started).toBeLessThan(6);
  });
});
