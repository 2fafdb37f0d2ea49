import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canAddAny,
  lookupCounts,
  parseBulkText,
  parseLine,
  runBounded,
  skipReason,
  bulkPrefill,
  MAX_PREFILL_LENGTH,
} from '~/features/bulk-add/bulk-add';

describe('bulk-add text', () => {
  it('reads one part per line with an optional whitespace-separated quantity, default 1', () => {
    expect(parseBulkText('0398123 2\n0176345\n5007421\t4')).toEqual({
      lines: [
        { sku: '0398123', quantity: 2 },
        { sku: '0176345', quantity: 1 },
        { sku: '5007421', quantity: 4 },
      ],
      unreadable: [],
    });
  });
  it('turns negatives into 0, merges duplicates and skips empty lines', () => {
    expect(parseBulkText('A1 -3\n\n   \nB2 2\na1 4\nB2')).toEqual({
      lines: [
        { sku: 'A1', quantity: 4 },
        { sku: 'B2', quantity: 3 },
      ],
      unreadable: [],
    });
  });
  it('accepts spreadsheet cells: comma, semicolon, tab, quotes and spaces', () => {
    expect(parseLine('  "6E5-44352-01-00", "3" ')).toEqual({ sku: '6E5-44352-01-00', quantity: 3 });
    expect(parseLine('0437512;2')).toEqual({ sku: '0437512', quantity: 2 });
    expect(parseLine('0437512\t\t5')).toEqual({ sku: '0437512', quantity: 5 });
    expect(parseLine('0437512,')).toEqual({ sku: '0437512', quantity: 1 });
  });
  it('accepts order e-mail spellings', () => {
    expect(parseLine('0437512 x 2')).toEqual({ sku: '0437512', quantity: 2 });
    expect(parseLine('0437512 - 2')).toEqual({ sku: '0437512', quantity: 2 });
    expect(parseLine('0437512 x2')).toEqual({ sku: '0437512', quantity: 2 });
    expect(parseLine('0437512 qty: 2')).toEqual({ sku: '0437512', quantity: 2 });
    expect(parseLine('2 x 6E5-44352-01-00')).toEqual({ sku: '6E5-44352-01-00', quantity: 2 });
    expect(parseLine('0437512 3 pcs')).toBeNull();
    expect(parseLine('0437512 3pcs')).toEqual({ sku: '0437512', quantity: 3 });
  });
  it('lists lines it cannot read with their line numbers', () => {
    const parsed = parseBulkText('Part number,Quantity\n0437512 2\nhello world\n0437512 two\n<script>\n0437512 1.5');
    expect(parsed.lines).toEqual([{ sku: '0437512', quantity: 2 }]);
    expect(parsed.unreadable).toEqual([
      { line: 1, text: 'Part number,Quantity' },
      { line: 3, text: 'hello world' },
      { line: 4, text: '0437512 two' },
      { line: 5, text: '<script>' },
      { line: 6, text: '0437512 1.5' },
    ]);
  });
  it('merging is order-independent and quantities never go negative (property)', () => {
    const line = fc.tuple(
      fc.constantFrom('A1', 'B22', 'c-3', '0437512', 'a1'),
      fc.integer({ min: -50, max: 50 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (entries) => {
        const text = (list: typeof entries) =>
          list.map(([sku, qty, bare]) => (bare ? sku : `${sku} ${qty}`)).join('\n');
        const forward = parseBulkText(text(entries));
        const backward = parseBulkText(text([...entries].reverse()));
        const totals = (parsed: typeof forward) =>
          Object.fromEntries(parsed.lines.map((l) => [l.sku.toUpperCase(), l.quantity]));
        expect(totals(forward)).toEqual(totals(backward));
        for (const parsed of forward.lines) expect(parsed.quantity).toBeGreaterThanOrEqual(0);
        expect(forward.unreadable).toEqual([]);
      }),
    );
  });
});

describe('adding found products', () => {
  it('skips products the customer cannot buy and says why', () => {
    expect(skipReason({ product_id: 1, base_price: 5, ship_class: 'now', customer_can_buy: false }, 1)).toBe(
      'notPurchasable',
    );
    expect(skipReason({ product_id: 1, base_price: 0, ship_class: 'now', customer_can_buy: true }, 1)).toBe(
      'zeroBasePrice',
    );
    expect(skipReason({ product_id: 1, base_price: 3, ship_class: 'never', customer_can_buy: true }, 1)).toBe(
      'notAvailable',
    );
    expect(skipReason({ product_id: 1, base_price: 3, ship_class: 'now', customer_can_buy: true }, 0)).toBe(
      'zeroQuantity',
    );
    expect(skipReason({ product_id: 1, base_price: 3, ship_class: 'now', customer_can_buy: true }, 2)).toBeNull();
  });
  it('enables Add all only when some result can be bought', () => {
    expect(canAddAny([{ customer_can_buy: false }])).toBe(false);
    expect(canAddAny([{ customer_can_buy: false }, { customer_can_buy: true }])).toBe(true);
  });
});

describe('bounded lookups', () => {
  it('never has more than the limit in flight and reports every result', async () => {
    let inFlight = 0;
    let peak = 0;
    const settled: number[] = [];
    await runBounded(
      Array.from({ length: 40 }, (_, i) => i),
      4,
      async (value) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1 + (value % 3)));
        inFlight -= 1;
        return value * 2;
      },
      (result) => settled.push(result),
    );
    expect(peak).toBe(4);
    expect(settled.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });
  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const settled: number[] = [];
    await runBounded(
      Array.from({ length: 20 }, (_, i) => i),
      2,
      async (value) => {
        await Promise.resolve();
        if (value === 3) controller.abort();
        return value;
      },
      (result) => settled.push(result),
      controller.signal,
    );
    expect(settled.length).toBeLessThan(5);
  });
});

describe('lookup progress', () => {
  it('counts parts looked up, found, not found and failed apart', () => {
    const statuses = ['searching', 'found', 'notFound', 'lookupError', 'added', 'addError'] as const;
    expect(lookupCounts(statuses.map((status) => ({ status })))).toEqual({
      lookedUp: 5,
      total: 6,
      found: 3,
      notFound: 1,
      failed: 1,
    });
    expect(lookupCounts([])).toEqual({ lookedUp: 0, total: 0, found: 0, notFound: 0, failed: 0 });
  });
});

describe('a link that fills bulk add in (Buy again)', () => {
  const makers = [{ id: 1 }, { id: 2 }];
  it('takes the parts and a manufacturer of this store', () => {
    expect(bulkPrefill(new URLSearchParams({ parts: '0437512 2\n0777213 1', mfg: '2' }), makers, 1)).toEqual({
      text: '0437512 2\n0777213 1',
      manufacturerId: 2,
    });
  });
  it('falls back to the default manufacturer and ignores a link without parts', () => {
    expect(bulkPrefill(new URLSearchParams({ parts: 'X1', mfg: '99' }), makers, 1)?.manufacturerId).toBe(1);
    expect(bulkPrefill(new URLSearchParams({ parts: 'X1' }), makers, 1)?.manufacturerId).toBe(1);
    expect(bulkPrefill(new URLSearchParams({ parts: '   ', mfg: '2' }), makers, 1)).toBeNull();
    expect(bulkPrefill(new URLSearchParams(), makers, 1)).toBeNull();
  });
  it('cuts a long text', () => {
    const long = 'A1 1\n'.repeat(2000);
    expect(bulkPrefill(new URLSearchParams({ parts: long }), makers, 1)?.text.length).toBeLessThanOrEqual(
      MAX_PREFILL_LENGTH,
    );
  });
});
