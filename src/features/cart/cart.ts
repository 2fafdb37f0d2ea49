import type { ReloadFlag as SharedReloadFlag } from '~/lib/reload-flags';
import type { Basket, BasketItem, BasketOrder, ManufacturerDelay } from '~/lib/store-api/basket';
import { apiFlag } from '~/lib/store-api/flags';
import { isOneOf } from '~/lib/is-one-of';

/** Shopping reading (used by the cart): non-stock means later, backordered or possible delays. */
export function isNonStockForCart(shipClass: string): boolean {
  return shipClass === 'later' || shipClass === 'backordered' || shipClass === 'possible_delays';
}

/** A product can be bought with a product id, a base price above 0 and a ship class other than never. */
export function canBuy(product: {
  product_id?: number | null;
  base_price?: number | null;
  ship_class?: string | null;
}): boolean {
  return Boolean(product.product_id) && (product.base_price ?? 0) > 0 && product.ship_class !== 'never';
}

/** The manufacturer-delay notice that replaces an item's stock status, if any. */
export function delayNoticeFor(
  item: Pick<BasketItem, 'ship_class' | 'mfg_account_id'>,
  delays: readonly ManufacturerDelay[],
): ManufacturerDelay | undefined {
  if (!isNonStockForCart(item.ship_class)) return undefined;
  return delays.find((delay) => delay.mfg === item.mfg_account_id);
}

/** Marine only: the quantity asked for is above what the warehouse holds. */
export function exceedsInventory(
  item: Pick<BasketItem, 'quantity' | 'inventory'>,
  showsInventoryWarning: boolean,
): boolean {
  return showsInventoryWarning && item.quantity > item.inventory;
}

/**
 * Products of banned manufacturers (Suzuki, Mercury) cannot share a cart with other
 * manufacturers: returns the product ids to highlight, empty when the cart is not mixed.
 */
export function bannedInMixedCart(
  items: readonly Pick<BasketItem, 'product_id' | 'mfg_account_id'>[],
  banned: readonly number[],
): number[] {
  const manufacturers = new Set(items.map((item) => item.mfg_account_id));
  if (manufacturers.size < 2) return [];
  return items.filter((item) => banned.includes(item.mfg_account_id)).map((item) => item.product_id);
}

export interface AddToCartEntry {
  productId: number;
  quantity: number;
}

/** Entries one add-to-cart link may carry: a link is one shopper's list, not a bulk upload. */
export const MAX_ADD_TO_CART_ENTRIES = 50;

/**
 * Parses ?add-to-cart=id,qty;id;... (quantity defaults to 1); entries not added are returned with
 * why, to report: unreadable, or a quantity outside 1 to MAX_QUANTITY. Entries past
 * MAX_ADD_TO_CART_ENTRIES are not read: `overflow` is the first of them.
 */
export function parseAddToCart(value: string | null): {
  entries: AddToCartEntry[];
  invalid: Rejection[];
  overflow?: string;
} {
  const entries: AddToCartEntry[] = [];
  const invalid: Rejection[] = [];
  const given = (value ?? '')
    .split(';')
    .map((raw) => raw.trim())
    .filter((entry) => entry !== '');
  for (const entry of given.slice(0, MAX_ADD_TO_CART_ENTRIES)) {
    const match = /^(\d{1,9})\s*(?:,\s*(-?\d{1,9})\s*)?$/.exec(entry);
    const quantity = match?.[2] === undefined ? 1 : Number(match[2]);
    const reason: RejectionReason | null = !match
      ? 'unreadable'
      : quantity < 1
        ? 'quantityMin'
        : quantity > MAX_QUANTITY
          ? 'quantityMax'
          : null;
    if (reason) invalid.push({ entry, reason });
    else entries.push({ productId: Number(match![1]), quantity });
  }
  const overflow = given[MAX_ADD_TO_CART_ENTRIES];
  return overflow === undefined ? { entries, invalid } : { entries, invalid, overflow };
}

export const MAX_QUANTITY = 9999;

export type QuantityProblem = 'required' | 'numeric' | 'min' | 'max';

/** Why a typed cart quantity cannot be sent (required, whole number, 1 to 9999), or null. */
export function quantityProblem(input: string): QuantityProblem | null {
  const text = input.trim();
  if (text === '') return 'required';
  // A negative whole number is a number below the minimum, and is told so.
  if (/^-\d+$/.test(text)) return 'min';
  if (!/^\d+$/.test(text)) return 'numeric';
  const quantity = Number(text);
  if (quantity < 1) return 'min';
  return quantity > MAX_QUANTITY ? 'max' : null;
}

export const REJECTION_REASONS = [
  'unreadable',
  'quantityMin',
  'quantityMax',
  'zeroBasePrice',
  'notAvailable',
  'notPurchasable',
  'notInStore',
  'unknown',
  'failed',
  'tooMany',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** An add-to-cart link entry that was not added, and why, to name it to the shopper. */
export interface Rejection {
  entry: string;
  reason: RejectionReason;
}

/**
 * Why the store refused to add a product (store-api/README.md: 400 with the rule broken, 404 for
 * an unknown product); anything else is a failed call the shopper may simply try again.
 */
export function rejectionReason(status: number, message: string): RejectionReason {
  if (status === 404) return 'unknown';
  if (status !== 400) return 'failed';
  const text = message.toLowerCase();
  if (text.includes('zero base price')) return 'zeroBasePrice';
  if (text.includes('not available')) return 'notAvailable';
  if (text.includes('not sold in this store')) return 'notInStore';
  if (text.includes('can not be bought') || text.includes('cannot be bought')) return 'notPurchasable';
  return text.includes('not found') ? 'unknown' : 'failed';
}

/** Rejections read back from the notice cookie; anything malformed is dropped. */
export function readRejections(value: unknown): Rejection[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Rejection => {
      if (typeof item !== 'object' || item === null) return false;
      const { entry, reason } = item as Record<string, unknown>;
      return typeof entry === 'string' && isOneOf(REJECTION_REASONS, reason);
    })
    .map(({ entry, reason }) => ({ entry: entry.slice(0, 200), reason }))
    .slice(0, 50);
}

/** Spec: a cart quantity is required and at least 1; anything else is not sent. */
export function sendableQuantity(input: string): number | null {
  return quantityProblem(input) === null ? Number(input.trim()) : null;
}

/**
 * Lines in the order the shopper sees them: lines already shown keep their place (a restored
 * line comes back where it was), new ones follow in the store's order.
 */
export function inShownOrder<T extends { product_id: number }>(items: readonly T[], shownIds: readonly number[]): T[] {
  const place = (item: T) => {
    const index = shownIds.indexOf(item.product_id);
    return index === -1 ? shownIds.length + items.indexOf(item) : index;
  };
  return [...items].sort((a, b) => place(a) - place(b));
}

export interface CheckoutContext {
  edit: boolean;
  previousPage: string | null;
  isAuthorized: boolean;
  isGuest: boolean;
}

/**
 * Where Checkout leads: back to the previous page when editing; an authorized or guest user to
 * review order (or back to the customer form when that was what they came to edit); others to sign-in.
 */
export function checkoutTarget(context: CheckoutContext): string {
  const previous = context.previousPage;
  if (context.edit && previous) return previous;
  if (context.isAuthorized || context.isGuest) {
    return previous?.includes('/customer-form/') && context.edit ? previous : '/review-order/';
  }
  return '/signin/';
}

/** The second (GraphQL) cart source disagrees when line count or SKUs differ: reload the basket. */
export function cartSourcesDiffer(restSkus: readonly string[], graphSkus: readonly string[]): boolean {
  if (restSkus.length !== graphSkus.length) return true;
  const a = [...restSkus].sort();
  const b = [...graphSkus].sort();
  return a.some((sku, index) => sku !== b[index]);
}

export type ReloadFlag = Extract<SharedReloadFlag, 'shipping' | 'basket' | 'address'>;

/** After cart edits, authorized users and guests who are not "almost guest" reload shipping (and basket on removal). */
export function reloadFlagsAfterEdit(
  user: { isAuthorized: boolean; isGuest: boolean; isAlmostGuest: boolean },
  removed: boolean,
): ReloadFlag[] {
  if (!(user.isAuthorized || (user.isGuest && !user.isAlmostGuest))) return [];
  return removed ? ['shipping', 'basket'] : ['shipping'];
}

/**
 * Whether the cart reads the basket again when its tab comes back: another tab may have changed
 * it. Only a cart that shows a basket (a failed first load keeps its error and its Try again),
 * and never while an edit of this tab waits for its answer (the answer settles it) or a read is
 * running.
 */
export function refreshesOnReturn(state: {
  visible: boolean;
  showsBasket: boolean;
  calculating: boolean;
  reading: boolean;
}): boolean {
  return state.visible && state.showsBasket && !state.calculating && !state.reading;
}

/**
 * A basket that became an order is finished: the cart shows it as ordered, not as lines that can
 * no longer change. It happens when the checkout answer was lost, or another tab placed the order.
 */
export function isOrdered(order: { ordered?: boolean | number } | undefined): boolean {
  return apiFlag(order?.ordered);
}

/** The store refuses an add to a basket that became an order. */
export const FINISHED_BASKET_STATUS = 409;

/**
 * The store refused the basket an add named, not the products: a basket that became an order
 * (409) is finished, so the entry starts a new basket instead. A number from a link may also be
 * unknown or unreadable, which its caller adds to `refusals`.
 */
export function startsNewBasket(
  status: number,
  basketNum: string | undefined,
  refusals: readonly number[] = [FINISHED_BASKET_STATUS],
): boolean {
  return refusals.includes(status) && basketNum !== undefined;
}

export interface CartLine {
  item: BasketItem;
  /** What the shopper typed, shown in the quantity field. */
  draft: string;
  deleted: boolean;
  /** Quantity before removal, re-added by Restore. */
  previousQuantity: number;
  /** A typed quantity waits for its debounce before it is sent. */
  queued: boolean;
  /** An update of this line waits for the store's answer. */
  pending: boolean;
  /** The shopper's last action changed this line: it blinks for BLINK_MS. */
  highlighted?: boolean;
}

export interface CartState {
  basketNum: string | undefined;
  order: BasketOrder | undefined;
  lines: CartLine[];
  load: 'ok' | 'loading' | 'error';
  /** The basket became an order: shown as such, with no lines to edit. */
  ordered?: true;
  /** A read of the basket started by the tab coming back is running. */
  reading?: true;
}

/** A basket line as the shopper first sees it: nothing typed, nothing waiting. */
export function toLine(item: BasketItem): CartLine {
  return {
    item,
    draft: String(item.quantity),
    deleted: false,
    previousQuantity: item.quantity,
    queued: false,
    pending: false,
  };
}

/** The cart as the page renders it: the server's basket, its failure, or the order it became. */
export function cartFromBasket(
  basketNum: string | undefined,
  basket: Basket | null,
  load: CartState['load'],
  ordered: boolean,
): CartState {
  return {
    basketNum,
    order: basket?.ORDER,
    lines: (basket?.BASKET ?? []).map(toLine),
    load,
    ...(ordered ? { ordered: true as const } : {}),
  };
}

/** No basket at all: the number is unknown to the store, so the next add starts a new one. */
export function noBasket(): CartState {
  return { basketNum: undefined, order: undefined, lines: [], load: 'ok' };
}

/** True while any line waits for its debounce or its answer: totals are being recalculated. */
export function isCalculating(cart: Pick<CartState, 'lines'>): boolean {
  return cart.lines.some((line) => line.queued || line.pending);
}

/** While an update of the basket is in flight a removal is refused (spec §4). */
export function removalBlocked(cart: Pick<CartState, 'lines'>): boolean {
  return cart.lines.some((line) => line.pending);
}

export function updateLine(cart: CartState, productId: number, change: (line: CartLine) => CartLine): CartState {
  return { ...cart, lines: cart.lines.map((line) => (line.item.product_id === productId ? change(line) : line)) };
}

export function patchLine(cart: CartState, productId: number, change: Partial<CartLine>): CartState {
  return updateLine(cart, productId, (line) => ({ ...line, ...change }));
}

/**
 * Why the line's quantity field cannot be sent, read from what the field shows: the message goes
 * the moment the field shows a quantity that can be sent again, however it came to.
 */
export function lineProblem(line: Pick<CartLine, 'draft'>): QuantityProblem | null {
  return quantityProblem(line.draft);
}

/**
 * The shopper typed a quantity: shown at once; a valid one waits for its debounce, one that
 * cannot be sent (empty, 0, above 9999) says why (`lineProblem`) and waits for nothing.
 */
export function typeLineQuantity(cart: CartState, productId: number, text: string): CartState {
  return updateLine(cart, productId, (line) => ({ ...line, draft: text, queued: quantityProblem(text) === null }));
}

/** The shopper left a quantity field that cannot be sent: it shows the store's quantity again. */
export function leaveLineQuantity(cart: CartState, productId: number): CartState {
  return updateLine(cart, productId, (line) =>
    lineProblem(line) === null ? line : { ...line, draft: String(line.item.quantity) },
  );
}

/**
 * The debounce ran out: the typed quantity is sent. The line's amounts stay the store's until it
 * answers: only the store knows what a line of a unit price with fractions of a cent comes to.
 */
export function sendLineQuantity(cart: CartState, productId: number): CartState {
  return updateLine(cart, productId, (line) => ({ ...line, queued: false, pending: true }));
}

/** Removal drops a quantity still waiting for its debounce and keeps the line to restore. */
export function removeCartLine(cart: CartState, productId: number): CartState {
  return updateLine(cart, productId, (line) => ({
    ...line,
    draft: String(line.item.quantity),
    deleted: true,
    queued: false,
    pending: true,
    previousQuantity: line.item.quantity,
  }));
}

/** The session ended: quantities waiting for their debounce are not sent. */
export function dropQueued(cart: CartState): CartState {
  return cart.lines.some((line) => line.queued)
    ? { ...cart, lines: cart.lines.map((line) => ({ ...line, queued: false })) }
    : cart;
}

/**
 * The cart now lives under another basket number (an add made a new basket): an "already
 * ordered" state of the old basket no longer applies.
 */
export function moveCart(cart: CartState, basketNum: string): CartState {
  const { ordered: _ordered, ...open } = cart;
  return { ...open, basketNum };
}

/**
 * Applies the store's basket, keeping lines shown as deleted so they can be restored, in the
 * places the shopper saw them. A line still being typed in or waiting for its answer (or whose
 * typed value was refused) keeps its draft and message; the store's value wins once it settles.
 * An empty basket is finished: its number is dropped (spec §4), so the next add starts a new one.
 */
export function applyBasket(cart: CartState, basket: Basket): CartState {
  if (isOrdered(basket.ORDER)) {
    // The basket number stays: the tab that placed the order still needs it for its receipt.
    return { basketNum: cart.basketNum, order: undefined, lines: [], load: 'ok', ordered: true };
  }
  const deleted = cart.lines.filter(
    (line) => line.deleted && !basket.BASKET.some((item) => item.product_id === line.item.product_id),
  );
  const shownIds = cart.lines.map((line) => line.item.product_id);
  const lines = inShownOrder(basket.BASKET, shownIds).map((item) => {
    const current = cart.lines.find((line) => line.item.product_id === item.product_id);
    if (current && (current.pending || current.queued || lineProblem(current) !== null)) return { ...current, item };
    return { ...toLine(item), ...(current?.highlighted ? { highlighted: true } : {}) };
  });
  const merged = [...lines];
  for (const line of deleted) {
    const index = cart.lines.indexOf(line);
    merged.splice(Math.min(index, merged.length), 0, line);
  }
  if (basket.BASKET.length === 0) return { ...cart, basketNum: undefined, order: undefined, lines: merged, load: 'ok' };
  return { ...cart, order: basket.ORDER, lines: merged, load: 'ok' };
}
