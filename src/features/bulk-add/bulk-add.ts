import { canBuy } from '~/features/cart/public';
import { lineRow } from '~/lib/line-price';
import { centsOf, type Cents } from '~/lib/money';
import { centsOfQuantity } from '~/lib/money-quantity';

export interface BuyableProduct {
  product_id?: number | null;
  base_price?: number | null;
  ship_class?: string | null;
  customer_can_buy?: boolean | null;
}

/** Rules of bulk add by part number (spec shopping §2 Bulk add, §5 Bulk-add text, §9). */

export const SECOND_BUTTONS_ABOVE = 5;
export const MAX_PART_LENGTH = 64;
/**
 * Parts one batch lookup carries (the spec sets no maximum): a longer list goes as consecutive
 * batches, so one request never holds the server's lookups for long.
 */
export const MAX_LOOKUP_PARTS = 200;
/**
 * Store-API lookups the server keeps in flight for one batch. Each is a few milliseconds on a
 * kept-alive connection; more in flight only queue at the store API (measured with 4, 8 and 16).
 */
export const LOOKUP_CONCURRENCY = 8;

export interface BulkLine {
  /** The part number as first typed. */
  sku: string;
  /** Sum over duplicates; never negative. */
  quantity: number;
}

export interface UnreadableLine {
  /** 1-based line number in the text area. */
  line: number;
  text: string;
}

export interface BulkParse {
  lines: BulkLine[];
  unreadable: UnreadableLine[];
}

const PART = /^[A-Za-z0-9][A-Za-z0-9\-./_]*$/;
const INTEGER = /^[-+]?\d{1,6}$/;
const QUOTES = /^["'“”‘’]+|["'“”‘’]+$/g;

function unquote(cell: string): string {
  return cell.trim().replace(QUOTES, '').trim();
}

/** Reads "qty" cells like "2", "-3", "x2", "2x", "qty: 2", "2 pcs". */
function quantityOf(cell: string): number | null {
  const text = unquote(cell)
    .toLowerCase()
    .replace(/^(qty|quantity)\s*[:=]?\s*/, '')
    .replace(/^x\s*/, '')
    .replace(/\s*(x|pcs?|ea|each|units?)\.?$/, '');
  if (!INTEGER.test(text)) return null;
  return Math.max(0, Number(text));
}

/** A part number as a line of the text gives it: also what a batch lookup accepts. */
export function isPart(cell: string): boolean {
  return cell.length > 0 && cell.length <= MAX_PART_LENGTH && PART.test(cell) && /\d/.test(cell);
}

/** One line: a part number and an optional quantity, or null when it cannot be read. */
export function parseLine(raw: string): BulkLine | null {
  // Spreadsheets give tabs or commas, e-mails semicolons, " x " or " - " between part and quantity.
  const cells = raw
    .trim()
    .split(/\s*[\t,;]\s*|\s+[x×-]\s+|\s+/i)
    .map(unquote)
    .filter((cell) => cell !== '');
  if (cells.length === 1) {
    const [single] = cells as [string];
    // "0437512x2" or "0437512*2" stuck together.
    const glued = /^(.+?)[x×*](\d{1,6})$/i.exec(single);
    if (!isPart(single) && glued?.[1] && isPart(glued[1])) return { sku: glued[1], quantity: Number(glued[2]) };
    return isPart(single) ? { sku: single, quantity: 1 } : null;
  }
  if (cells.length === 2) {
    const [first, second] = cells as [string, string];
    const quantity = quantityOf(second);
    if (isPart(first) && quantity !== null) return { sku: first, quantity };
    // "2 x 0437512": the quantity first.
    const leading = /^\d{1,6}$/.test(first) ? Number(first) : null;
    if (leading !== null && isPart(second) && !/^\d+$/.test(second)) return { sku: second, quantity: leading };
    return null;
  }
  if (cells.length === 3) {
    // "0437512 qty 2" / "0437512 x 2" left after splitting.
    const [first, middle, last] = cells as [string, string, string];
    if (isPart(first) && /^(qty|quantity|x|×)[:=]?$/i.test(middle)) {
      const quantity = quantityOf(last);
      if (quantity !== null) return { sku: first, quantity };
    }
  }
  return null;
}

/**
 * Parts written on one line are set apart by a slash between spaces, as the page's example shows
 * them: a slash inside a part number ("12/34") has no spaces around it and stays part of it.
 */
const ENTRY_SEPARATOR = /\s+\/\s+/;

/** The example as the page shows it on one line; parseBulkText reads it back as one part per entry. */
export function exampleText(parts: readonly string[]): string {
  return parts.join(' / ');
}

/** The whole text area: empty lines skipped, duplicates merged with quantities summed, unreadable lines listed back. */
export function parseBulkText(text: string): BulkParse {
  const merged = new Map<string, BulkLine>();
  const unreadable: UnreadableLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    for (const raw of line.split(ENTRY_SEPARATOR)) {
      if (raw.trim() === '') continue;
      const parsed = parseLine(raw);
      if (!parsed) {
        unreadable.push({ line: index + 1, text: raw.trim() });
        continue;
      }
      const key = parsed.sku.toUpperCase();
      const existing = merged.get(key);
      if (existing) existing.quantity += parsed.quantity;
      else merged.set(key, { ...parsed });
    }
  });
  return { lines: [...merged.values()], unreadable };
}

export type SkipReason = 'notPurchasable' | 'zeroBasePrice' | 'notAvailable' | 'zeroQuantity' | null;

/** Why a found product is skipped by Add all, or null when it can be added. */
export function skipReason(product: BuyableProduct, quantity: number): SkipReason {
  if (product.customer_can_buy !== true) return 'notPurchasable';
  if (!((product.base_price ?? 0) > 0)) return 'zeroBasePrice';
  if (!canBuy(product)) return 'notAvailable';
  if (!(quantity >= 1)) return 'zeroQuantity';
  return null;
}

/**
 * Whether a card reads its stock words ("Ships immediately"): they say when the part ships, a
 * promise only a part that can be bought keeps. A card waiting only for a quantity can be bought.
 */
export function promisesShipping(reason: SkipReason): boolean {
  return reason === null || reason === 'zeroQuantity';
}

export interface CardPrice {
  /** The unit price beside the quantity; null where quantity × unit would not be the line. */
  unit: Cents | null;
  /** What the line adds to the cart: the quantity times the exact unit price, to the cent. */
  total: Cents;
  /** The same quantity at the base (list) price. */
  listTotal: Cents;
}

/**
 * What a card's line comes to, as its Add button offers it: the quantity times the exact unit
 * price, rounded once, and the unit beside it only where it multiplies out (`lineRow`): 3 × 58.455
 * is $175.37, not 3 × $58.46.
 */
export function cardPrice(product: { base_price: Cents; unit_price: string }, quantity: number): CardPrice {
  const count = Math.max(0, Math.trunc(quantity));
  const total = centsOfQuantity(product.unit_price, count);
  return {
    unit: lineRow(count, centsOf(product.unit_price), total).unit,
    total,
    listTotal: count * product.base_price,
  };
}

/** Add all is enabled only when some result can be bought by the customer. */
export function canAddAny(products: readonly BuyableProduct[]): boolean {
  return products.some((product) => product.customer_can_buy === true);
}

/**
 * Hands results on in the order of their inputs however they settle: a result waits until every
 * earlier one has been handed on, so the reader always holds a growing prefix of the list.
 */
export function inOrder<R>(emit: (result: R, index: number) => void): (result: R, index: number) => void {
  const waiting = new Map<number, R>();
  let next = 0;
  return (result, index) => {
    if (index < next) return;
    waiting.set(index, result);
    while (waiting.has(next)) {
      const ready = waiting.get(next) as R;
      waiting.delete(next);
      emit(ready, next);
      next += 1;
    }
  };
}

/** The list cut into batches of at most `size`, each with the list index of its first item. */
export function batchesOf<T>(items: readonly T[], size: number = MAX_LOOKUP_PARTS): { start: number; items: T[] }[] {
  const batches: { start: number; items: T[] }[] = [];
  for (let start = 0; start < items.length; start += size)
    batches.push({ start, items: items.slice(start, start + size) });
  return batches;
}

/**
 * Cuts a text that arrives in chunks into whole lines: each call answers the lines the chunk
 * completed; a line is whole only once its newline has come, so a cut-off answer loses no more
 * than its unfinished last line.
 */
export function lineSplitter(): (chunk: string) => string[] {
  let rest = '';
  return (chunk) => {
    const lines = `${rest}${chunk}`.split('\n');
    rest = lines.pop() ?? '';
    return lines.filter((line) => line.trim() !== '');
  };
}

/**
 * Parts one visitor address may have looked up at once, and per second after that. nginx counts a
 * batch as one call of its /api/ limit, so the site bounds the store-API calls a batch stands for:
 * a few full lists in a row pass, a script that repeats them is slowed to this rate.
 */
export const LOOKUP_BURST = 1000;
export const LOOKUP_PARTS_PER_SECOND = 100;

export interface PartBudget {
  /** Parts that may still be looked up now. */
  parts: number;
  /** When `parts` was counted, in ms. */
  at: number;
}

/**
 * Spends `count` parts of a visitor's budget (a token bucket: LOOKUP_BURST full, refilled at
 * LOOKUP_PARTS_PER_SECOND): the budget left, or the whole seconds to wait before the batch fits.
 */
export function spendParts(
  budget: PartBudget | undefined,
  count: number,
  now: number,
  burst: number = LOOKUP_BURST,
  perSecond: number = LOOKUP_PARTS_PER_SECOND,
): { ok: true; budget: PartBudget } | { ok: false; retryAfter: number } {
  const elapsed = budget ? Math.max(0, now - budget.at) : 0;
  const parts = budget ? Math.min(burst, budget.parts + (elapsed / 1000) * perSecond) : burst;
  if (count <= parts) return { ok: true, budget: { parts: parts - count, at: now } };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((count - parts) / perSecond)) };
}

/** One line of a batch answer, in the order of the parts asked: the product found, none, or a failed lookup. */
export type LookupLine<P> = { product: P | null } | { failed: true };

/** How far a lookup went: searching, found, not found (the store has no such part) or failed (the call did not answer). */
export type LookupStatus = 'searching' | 'found' | 'notFound' | 'lookupError' | 'added' | 'addError';

export interface LookupCounts {
  lookedUp: number;
  total: number;
  found: number;
  notFound: number;
  failed: number;
}

/** The progress line counts: parts looked up so far, and of those found, not found and failed. */
export function lookupCounts(results: readonly { status: LookupStatus }[]): LookupCounts {
  const counts = { lookedUp: 0, total: results.length, found: 0, notFound: 0, failed: 0 };
  for (const { status } of results) {
    if (status === 'searching') continue;
    counts.lookedUp += 1;
    if (status === 'notFound') counts.notFound += 1;
    else if (status === 'lookupError') counts.failed += 1;
    else counts.found += 1;
  }
  return counts;
}

/** The longest prefilled text a link may carry. */
export const MAX_PREFILL_LENGTH = 4000;

export interface BulkPrefill {
  text: string;
  manufacturerId: number;
}

/**
 * A link may open bulk add with parts filled in (`?parts=` text, `?mfg=` manufacturer), as the
 * order history's Buy again does: only a manufacturer of this store is taken, and the text is cut
 * to a sane length. Null when the link carries no parts.
 */
export function bulkPrefill(
  params: URLSearchParams,
  manufacturers: readonly { id: number }[],
  defaultManufacturer: number,
): BulkPrefill | null {
  const text = (params.get('parts') ?? '').slice(0, MAX_PREFILL_LENGTH).trim();
  if (!text) return null;
  const asked = Number(params.get('mfg'));
  const known = manufacturers.some((maker) => maker.id === asked);
  return { text, manufacturerId: known ? asked : defaultManufacturer };
}
