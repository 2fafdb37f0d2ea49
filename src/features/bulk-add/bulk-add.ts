export interface BulkPart {
  sku: string;
  quantity: number;
}

export interface ParsedBulkText {
  parts: BulkPart[];
  /** Lines that could not be read, shown back to the shopper. */
  unreadable: string[];
}

/**
 * One part per line with an optional integer quantity (default 1; negatives become 0). Also
 * takes what spreadsheets and e-mails produce: a comma, semicolon or tab between part and
 * quantity, surrounding spaces. Duplicates are merged with quantities summed; blank lines skipped.
 */
export function parseBulkText(text: string): ParsedBulkText {
  const merged = new Map<string, BulkPart>();
  const unreadable: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    const tokens = line.split(/[\s,;]+/).filter(Boolean);
    const [sku, quantityText, ...rest] = tokens;
    const quantity = quantityText === undefined ? 1 : /^[-+]?\d{1,6}$/.test(quantityText) ? Math.max(0, Number(quantityText)) : NaN;
    if (!sku || rest.length > 0 || Number.isNaN(quantity) || !/^[\w./-]{1,40}$/.test(sku)) {
      unreadable.push(line);
      continue;
    }
    const key = sku.toUpperCase();
    const existing = merged.get(key);
    if (existing) existing.quantity += quantity;
    else merged.set(key, { sku, quantity });
  }
  return { parts: [...merged.values()], unreadable };
}

/** Bulk add skips products that cannot be bought: not purchasable, or base price not above 0. */
export function bulkAddRefusal(product: { customer_can_buy?: number | boolean; base_price?: number; ship_class?: string }): 'notForSale' | 'noPrice' | null {
  if (!product.customer_can_buy || product.ship_class === 'never') return 'notForSale';
  if (!((product.base_price ?? 0) > 0)) return 'noPrice';
  return null;
}

export const LOOKUP_CONCURRENCY = 4;

/**
 * Runs fn over items with at most `limit` in flight, stopping early when the signal aborts;
 * reports each finished item so the page can show "found 37 of 120".
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  options: { signal?: AbortSignal; onSettled?: (index: number, result: R) => void } = {},
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array<R | undefined>(items.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !options.signal?.aborted) {
      const index = next;
      next += 1;
      const result = await fn(items[index] as T, index);
      if (options.signal?.aborted) return;
      results[index] = result;
      options.onSettled?.(index, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
