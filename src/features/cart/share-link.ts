import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { MAX_ADD_TO_CART_ENTRIES, type AddToCartEntry, type CartLine } from './cart';

/**
 * Marks an add-to-cart link as a parts list someone shared, so the cart that opens it says what it
 * added. It names nobody: the link carries part numbers, quantities and this mark, nothing else.
 */
export const SHARED_LIST_MARK = 'shared';

export interface ShareLink {
  /** The address that fills a cart of the opener's own, in the sender's language and store. */
  url: string;
  /** Lines past what one link may carry (MAX_ADD_TO_CART_ENTRIES), left out of it. */
  leftOut: number;
}

/** The parts and quantities a shared link carries: the cart's lines, not those removed. */
export function shareEntriesOf(lines: readonly CartLine[]): AddToCartEntry[] {
  return lines
    .filter((line) => !line.deleted)
    .map((line) => ({ productId: line.item.product_id, quantity: line.item.quantity }));
}

/**
 * The share link of a parts list: the add-to-cart address every cart already understands
 * (`/es/?add-to-cart=2043,1;15732,3&shared`), on the store's public origin. Written by hand rather
 * than through URLSearchParams so the list stays readable in a message (`,` and `;` unescaped);
 * every part of it is digits.
 */
export function shareLink(origin: string, locale: Locale, entries: readonly AddToCartEntry[]): ShareLink {
  const carried = entries.slice(0, MAX_ADD_TO_CART_ENTRIES);
  const list = carried.map((entry) => `${entry.productId},${entry.quantity}`).join(';');
  const page = new URL(localizedPath('/', locale), origin);
  return { url: `${page.href}?add-to-cart=${list}&${SHARED_LIST_MARK}`, leftOut: entries.length - carried.length };
}

/** What a shared link did to the opener's cart, said once on the cart it lands on. */
export interface SharedListNotice {
  /** Lines of the list now in the cart. */
  added: number;
  /** The cart had parts of its own before: they stay, and the list was added to them. */
  kept: boolean;
}

/** The notice read back from its cookie; anything malformed says nothing. */
export function readSharedListNotice(value: string | undefined): SharedListNotice | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { added, kept } = parsed as Record<string, unknown>;
    if (typeof added !== 'number' || !Number.isInteger(added) || added < 1 || added > MAX_ADD_TO_CART_ENTRIES)
      return null;
    return { added, kept: kept === true };
  } catch {
    return null;
  }
}
