import { runBounded } from '~/lib/run-bounded';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canAddAny,
  cardPrice,
  exampleText,
  lookupCounts,
  parseBulkText,
  parseLine,
  promisesShipping,
  skipReason,
  bulkPrefill,
  MAX_PREFILL_LENGTH,
  batchesOf,
  inOrder,
  lineSplitter,
  LOOKUP_CONCURRENCY,
  MAX_LOOKUP_PARTS,
  LOOKUP_BURST,
  LOOKUP_PARTS_PER_SECOND,
  spendParts,
  type SkipReason,
} from '~/features/bulk-add/bulk-add';
import { stores } from '~/stores';

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
  it("reads the page's own example pasted on one line as shown, in every store", () => {
    expect(parseBulkText('0437512 2 / 0777213 / 9113492 4')).toEqual({
      lines: [
        { sku: '0437512', quantity: 2 },
        { sku: '0777213', quantity: 1 },
        { sku: '9113492', quantity: 4 },
      ],
      unreadable: [],
    });
    for (const store of Object.values(stores)) {
      expect(parseBulkText(exampleText(store.examplePartNumbers))).toEqual({
        lines: store.examplePartNumbers.map((entry) => parseLine(entry)),
        unreadable: [],
      });
    }
  });
  it('keeps a slash without spaces inside a part number and names an unreadable entry by its line', () => {
    expect(parseBulkText('12/34 2')).toEqual({ lines: [{ sku: '12/34', quantity: 2 }], unreadable: [] });
    expect(parseBulkText('0437512\n0777213 / hello world')).toEqual({
      lines: [
        { sku: '0437512', quantity: 1 },
        { sku: '0777213', quantity: 1 },
      ],
      unreadable: [{ line: 2, text: 'hello world' }],
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
  it('promises shipping only for a part that can be bought, a missing quantity aside', () => {
    expect([null, 'zeroQuantity'].map((reason) => promisesShipping(reason as SkipReason))).toEqual([true, true]);
    expect((['notPurchasable', 'zeroBasePrice', 'notAvailable'] as const).map(promisesShipping)).toEqual([
      false,
      false,
      false,
    ]);
  });
  it("prices a card's line as its Add button offers it", () => {
    // 2 × $58.46 at a list price of $64.95.
    expect(cardPrice({ base_price: 6495, unit_price: '58.46' }, 2)).toEqual({
      unit: 5846,
      total: 11692,
      listTotal: 12990,
    });
    // A unit price with fractions of a cent: the line alone, to the cent (3 × 58.455 = 175.365).
    expect(cardPrice({ base_price: 6495, unit_price: '58.455' }, 3)).toEqual({
      unit: null,
      total: 17537,
      listTotal: 19485,
    });
    expect(cardPrice({ base_price: 6495, unit_price: '58.46' }, 0)).toEqual({ unit: 5846, total: 0, listTotal: 0 });
  });
  it('enables Add all only when some result can be bought', () => {
    expect(canAddAny([{ customer_can_buy: false }])).toBe(false);
    expect(canAddAny([{ customer_can_buy: false }, { customer_can_buy: true }])).toBe(true);
  });
});

describe('batch lookup', () => {
  it('keeps a handful of lookups in flight per batch and a batch to the bulk-add size of a spreadsheet page', () => {
    expect(LOOKUP_CONCURRENCY).toBeGreaterThanOrEqual(2);
    expect(LOOKUP_CONCURRENCY).toBeLessThanOrEqual(16);
    expect(MAX_LOOKUP_PARTS).toBe(200);
  });

  it('hands results on in input order, each as soon as it and all before it are known', () => {
    const emitted: [string, number][] = [];
    const settle = inOrder<string>((result, index) => emitted.push([result, index]));
    settle('c', 2);
    settle('b', 1);
    expect(emitted).toEqual([]);
    settle('a', 0);
    expect(emitted).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    settle('e', 4);
    expect(emitted).toHaveLength(3);
    settle('d', 3);
    expect(emitted.map(([result]) => result).join('')).toBe('abcde');
  });

  it('hands on every result exactly once in order whatever order they settle in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...Array(30).keys()], { minLength: 30, maxLength: 30 }), (order) => {
        const emitted: number[] = [];
        const settle = inOrder<number>((result, index) => {
          expect(result).toBe(index * 10);
          emitted.push(index);
        });
        for (const index of order) settle(index * 10, index);
        expect(emitted).toEqual([...Array(30).keys()]);
      }),
    );
  });

  it('streams in order through bounded lookups that finish out of order', async () => {
    const emitted: number[] = [];
    const settle = inOrder<number>((result) => emitted.push(result));
    await runBounded(
      Array.from({ length: 25 }, (_, i) => i),
      LOOKUP_CONCURRENCY,
      async (value) => {
        await new Promise((resolve) => setTimeout(resolve, (value * 7) % 5));
        return value;
      },
      settle,
    );
    expect(emitted).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('cuts a list into batches of at most the maximum, each knowing where it starts', () => {
    expect(batchesOf([], 3)).toEqual([]);
    expect(batchesOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      { start: 0, items: [1, 2, 3] },
      { start: 3, items: [4, 5, 6] },
      { start: 6, items: [7] },
    ]);
    expect(batchesOf(Array.from({ length: 300 }, (_, i) => i)).map((batch) => batch.items.length)).toEqual([200, 100]);
  });

  it('reads whole lines from chunks cut anywhere, and never an unfinished last line', () => {
    const split = lineSplitter();
    expect(split('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(split(':2}')).toEqual([]);
    expect(split('\n\n{"c":3}\n')).toEqual(['{"b":2}', '{"c":3}']);
    expect(split('{"cut off')).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 12 }), (cuts) => {
        const text = '{"i":0}\n{"i":1}\n{"i":2}\n';
        const splitter = lineSplitter();
        const lines: string[] = [];
        let at = 0;
        for (const cut of cuts) {
          lines.push(...splitter(text.slice(at, at + cut)));
          at += cut;
        }
        lines.push(...splitter(text.slice(at)));
        expect(lines).toEqual(['{"i":0}', '{"i":1}', '{"i":2}']);
      }),
    );
  });
});

describe("a visitor's lookup budget", () => {
  it('lets a few full lists through at once, then refills at its rate', () => {
    expect(LOOKUP_BURST).toBeGreaterThanOrEqual(2 * MAX_LOOKUP_PARTS);
    let budget;
    for (let i = 0; i < LOOKUP_BURST / MAX_LOOKUP_PARTS; i += 1) {
      const spent = spendParts(budget, MAX_LOOKUP_PARTS, 1000);
      expect(spent.ok).toBe(true);
      budget = spent.ok ? spent.budget : budget;
    }
    expect(spendParts(budget, MAX_LOOKUP_PARTS, 1000)).toEqual({
      ok: false,
      retryAfter: Math.ceil(MAX_LOOKUP_PARTS / LOOKUP_PARTS_PER_SECOND),
    });
    expect(spendParts(budget, 1, 1000)).toEqual({ ok: false, retryAfter: 1 });
    const later = spendParts(budget, MAX_LOOKUP_PARTS, 1000 + (MAX_LOOKUP_PARTS / LOOKUP_PARTS_PER_SECOND) * 1000);
    expect(later).toEqual({ ok: true, budget: { parts: 0, at: 3000 } });
  });
  it('never holds more than a full budget, however long the visitor was away', () => {
    const spent = spendParts({ parts: 0, at: 0 }, 1, 1e9);
    expect(spent).toEqual({ ok: true, budget: { parts: LOOKUP_BURST - 1, at: 1e9 } });
    expect(spendParts({ parts: 0, at: 0 }, LOOKUP_BURST + 1, 1e9).ok).toBe(false);
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
