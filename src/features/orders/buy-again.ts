import type { OrderItem } from '~/lib/store-api/orders';
import { toNumber } from './line-quantities';

/** The longest part list a Buy again link carries (bulk add reads the same limit). */
export const BUY_AGAIN_MAX_LINES = 50;

export interface BuyAgainList {
  /** The manufacturer bulk add looks the parts up under. */
  manufacturerId: number;
  manufacturerName: string;
  /** Bulk add's text: one "part quantity" per line. */
  text: string;
}

/**
 * Buy again (beyond the spec): the order's lines as bulk-add text, one list per manufacturer,
 * since bulk add looks parts up under one manufacturer at a time. A line's manufacturer is found
 * by its name among the store's; an unknown one falls back to the store's bulk-add default.
 * Lines without a part number or quantity are left out.
 */
export function buyAgainLists(
  items: readonly OrderItem[] | null | undefined,
  manufacturers: readonly { id: number; name: string }[],
  defaultManufacturer: number,
): BuyAgainList[] {
  const byName = new Map(manufacturers.map((maker) => [maker.name.trim().toLowerCase(), maker]));
  const fallback = manufacturers.find((maker) => maker.id === defaultManufacturer) ?? {
    id: defaultManufacturer,
    name: '',
  };
  const lists = new Map<number, { name: string; lines: string[] }>();
  for (const item of items ?? []) {
    const sku = (item.sku ?? '').trim();
    const quantity = Math.floor(toNumber(item.quantity));
    if (!sku || /\s/.test(sku) || quantity < 1) continue;
    const maker = byName.get((item.manufacturer ?? '').trim().toLowerCase()) ?? fallback;
    const list = lists.get(maker.id) ?? { name: maker.name, lines: [] };
    if (list.lines.length < BUY_AGAIN_MAX_LINES) list.lines.push(`${sku} ${quantity}`);
    lists.set(maker.id, list);
  }
  return [...lists].map(([manufacturerId, list]) => ({
    manufacturerId,
    manufacturerName: list.name,
    text: list.lines.join('\n'),
  }));
}

/** The bulk-add page with the list prefilled: it looks the parts up at once (`?mfg=&parts=`). */
export function buyAgainHref(list: BuyAgainList, localePrefix = ''): string {
  const query = new URLSearchParams({ mfg: String(list.manufacturerId), parts: list.text });
  return `${localePrefix}/bulk-add-items/?${query.toString()}`;
}
