import { atom } from 'nanostores';
import { isCancelled, notifyError } from '~/lib/api/client';
import { notify } from '~/lib/notifications/notifications.store';
import { COOKIES } from '~/features/session/cookies';
import { onSessionCleared } from '~/features/session/session.store';
import { markForReload } from '~/lib/reload-flags';
import { cartSourcesDiffer, inShownOrder, isOrdered, quantityProblem, refreshesOnReturn, reloadFlagsAfterEdit, startsNewBasket, type QuantityProblem } from './cart';
import { BLINK_MS } from '~/lib/motion';
import { addBasketItem, getBasket, getGraphCart, updateBasketItem } from '~/lib/store-api/calls';
import { toBasket, toBasketNumber } from '~/lib/store-api/basket';
import type { Basket, BasketItem, BasketOrder } from '~/lib/store-api/basket';

export const QUANTITY_DEBOUNCE_MS = 400;

export interface CartLine {
  item: BasketItem;
  /** What the shopper typed, shown in the quantity field. */
  draft: string;
  deleted: boolean;
  /** Quantity before removal, re-added by Restore. */
  previousQuantity: number;
  pending: boolean;
  /** Why the typed quantity was not sent; shown under the field until the next valid entry. */
  problem?: QuantityProblem;
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
}

export const $cart = atom<CartState>({ basketNum: undefined, order: undefined, lines: [], load: 'ok' });

interface Viewer {
  isAuthorized: boolean;
  isGuest: boolean;
  isAlmostGuest: boolean;
}

let viewer: Viewer = { isAuthorized: false, isGuest: false, isAlmostGuest: false };
let errorFallback = 'Something went wrong';
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function toLine(item: BasketItem): CartLine {
  return { item, draft: String(item.quantity), deleted: false, previousQuantity: item.quantity, pending: false };
}

const blinks = new Map<number, ReturnType<typeof setTimeout>>();

/** Highlights the line the shopper's action changed, for BLINK_MS (spec §9). */
function blink(productId: number): void {
  const running = blinks.get(productId);
  if (running) clearTimeout(running);
  patchLine(productId, { highlighted: true });
  blinks.set(
    productId,
    setTimeout(() => {
      blinks.delete(productId);
      patchLine(productId, { highlighted: false });
    }, BLINK_MS),
  );
}

/**
 * Applies the server's basket, keeping lines shown as deleted so they can be restored. An empty
 * basket is finished: its number is dropped (spec §4), so the next add starts a new basket.
 */
function applyBasket(basket: Basket): void {
  const state = $cart.get();
  if (isOrdered(basket.ORDER)) {
    // The basket number stays: the tab that placed the order still needs it for its receipt.
    $cart.set({ basketNum: state.basketNum, order: undefined, lines: [], load: 'ok', ordered: true });
    return;
  }
  const deleted = state.lines.filter((line) => line.deleted && !basket.BASKET.some((item) => item.product_id === line.item.product_id));
  const pendingIds = new Set(state.lines.filter((line) => line.pending || timers.has(line.item.product_id)).map((line) => line.item.product_id));
  const shownIds = state.lines.map((line) => line.item.product_id);
  const lines = inShownOrder(basket.BASKET, shownIds).map((item) => {
    const current = state.lines.find((line) => line.item.product_id === item.product_id);
    // A line the shopper is still typing in (or whose typed value was refused) keeps its draft and
    // message; the server value wins once it settles.
    if (current && (pendingIds.has(item.product_id) || quantityProblem(current.draft) !== null)) return { ...current, item };
    return { ...toLine(item), ...(current?.highlighted ? { highlighted: true } : {}) };
  });
  const merged = [...lines];
  for (const line of deleted) {
    const index = state.lines.indexOf(line);
    merged.splice(Math.min(index, merged.length), 0, line);
  }
  if (basket.BASKET.length === 0) {
    forgetBasketNumber();
    $cart.set({ ...state, basketNum: undefined, order: undefined, lines: merged, load: 'ok' });
    return;
  }
  $cart.set({ ...state, order: basket.ORDER, lines: merged, load: 'ok' });
}

function forgetBasketNumber(): void {
  if (typeof document !== 'undefined') document.cookie = `${COOKIES.basket}=; Path=/; Max-Age=0; SameSite=Strict`;
}

function rememberBasketNumber(basketNum: string): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIES.basket}=${encodeURIComponent(basketNum)}; Path=/; Max-Age=${365 * 86400}; SameSite=Strict${secure}`;
}

/**
 * The cart now lives under another basket number (an add made a new basket): the cookie and the
 * store follow it, and an "already ordered" state of the old basket no longer applies.
 */
export function moveToBasket(basketNum: string): void {
  const { ordered, ...open } = $cart.get();
  if (open.basketNum === basketNum && !ordered) return;
  $cart.set({ ...open, basketNum });
  rememberBasketNumber(basketNum);
}

function patchLine(productId: number, change: Partial<CartLine>): void {
  const state = $cart.get();
  $cart.set({ ...state, lines: state.lines.map((line) => (line.item.product_id === productId ? { ...line, ...change } : line)) });
}

function replaceLine(productId: number, change: (line: CartLine) => CartLine): void {
  const state = $cart.get();
  $cart.set({ ...state, lines: state.lines.map((line) => (line.item.product_id === productId ? change(line) : line)) });
}

function withoutProblem(line: CartLine): CartLine {
  const { problem: _problem, ...rest } = line;
  return rest;
}

function lineOf(productId: number): CartLine | undefined {
  return $cart.get().lines.find((line) => line.item.product_id === productId);
}

/** Starts the cart from the server-rendered state, without fetching again. */
export function initCart(basketNum: string | undefined, basket: Basket | null, load: CartState['load'], who: Viewer, fallback: string, ordered = false): void {
  viewer = who;
  errorFallback = fallback;
  $cart.set({ basketNum, order: basket?.ORDER, lines: (basket?.BASKET ?? []).map(toLine), load, ...(ordered ? { ordered: true as const } : {}) });
}

/**
 * The session ended (logout, or a guest record that no longer exists): edits still waiting are
 * dropped and later edits count as an anonymous visitor's. The basket itself stays, as the
 * server keeps it for a forced logout; a chosen logout drops its cookie on the server.
 */
export function flushCartSession(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  viewer = { isAuthorized: false, isGuest: false, isAlmostGuest: false };
}

onSessionCleared(flushCartSession);

/** Reloads the basket from the server; the server is the truth after any failure. */
export async function reloadBasket(): Promise<void> {
  const { basketNum } = $cart.get();
  if (!basketNum) return;
  $cart.set({ ...$cart.get(), load: $cart.get().lines.length ? 'ok' : 'loading' });
  const result = await getBasket(basketNum, { allowMultiple: true });
  if (!result.ok && result.failure.kind === 'cancelled') return;
  if (result.ok) applyBasket(result.value);
  else if (result.failure.kind === 'http' && result.failure.status === 404) {
    forgetBasketNumber();
    $cart.set({ basketNum: undefined, order: undefined, lines: [], load: 'ok' });
  } else $cart.set({ ...$cart.get(), load: 'error' });
}

let reading = false;

/** The tab is shown again: another tab may have changed the basket, so it is read once more. */
export async function refreshOnReturn(visible: boolean): Promise<void> {
  const { basketNum, load, lines } = $cart.get();
  const showsBasket = Boolean(basketNum) && (load === 'ok' || lines.length > 0);
  if (!refreshesOnReturn({ visible, showsBasket, calculating: isCalculating(), reading })) return;
  reading = true;
  try {
    await reloadBasket();
  } finally {
    reading = false;
  }
}

/** Compares with the second (GraphQL) cart source and reloads when they disagree. */
export async function syncWithGraphCart(): Promise<void> {
  const { basketNum, lines, load } = $cart.get();
  // A failed load is not a disagreement: it keeps its error and Try again.
  if (!basketNum || load !== 'ok') return;
  const result = await getGraphCart(basketNum);
  const graphLines = result.ok ? result.body.data?.cart?.orderLines : undefined;
  if (!graphLines) return;
  const restSkus = lines.filter((line) => !line.deleted).map((line) => line.item.sku);
  const graphSkus = graphLines.map((line) => line.product?.sku ?? '');
  if (cartSourcesDiffer(restSkus, graphSkus)) await reloadBasket();
}

/** True while any line waits for its debounce or its answer: totals are being recalculated. */
export function isCalculating(): boolean {
  return timers.size > 0 || $cart.get().lines.some((line) => line.pending);
}

async function sendQuantity(productId: number, quantity: number): Promise<void> {
  const { basketNum } = $cart.get();
  const line = lineOf(productId);
  if (!basketNum || !line) return;
  const before = line.item;
  // Optimistic: the line total follows at once; the answer settles it.
  patchLine(productId, { pending: true, item: { ...before, quantity, extprice: Math.round(before.pricediscounted * quantity * 100) / 100 } });
  const result = await updateBasketItem(basketNum, productId, quantity);
  if (isCancelled(result)) return;
  patchLine(productId, { pending: false });
  const basket = result.ok ? toBasket(result.body) : null;
  if (basket) {
    applyBasket(basket);
    const settled = lineOf(productId);
    if (settled && !timers.has(productId)) patchLine(productId, { draft: String(settled.item.quantity) });
    blink(productId);
    markForReload(reloadFlagsAfterEdit(viewer, false));
    return;
  }
  patchLine(productId, { item: before, draft: String(before.quantity) });
  notifyError(result, errorFallback);
  await reloadBasket();
}

function cancelDebounce(productId: number): void {
  const waiting = timers.get(productId);
  if (waiting) clearTimeout(waiting);
  timers.delete(productId);
}

/**
 * The shopper typed a quantity: shown at once, sent 400 ms after the last keystroke. A value that
 * cannot be sent (empty, 0, above 9999) is not sent and says why.
 */
export function typeQuantity(productId: number, text: string): void {
  cancelDebounce(productId);
  const problem = quantityProblem(text);
  replaceLine(productId, (line) => ({ ...withoutProblem(line), draft: text, ...(problem ? { problem } : {}) }));
  if (problem) return;
  const quantity = Number(text.trim());
  timers.set(
    productId,
    setTimeout(() => {
      timers.delete(productId);
      if (lineOf(productId)?.item.quantity === quantity && !lineOf(productId)?.pending) return;
      void sendQuantity(productId, quantity);
    }, QUANTITY_DEBOUNCE_MS),
  );
}

/**
 * The field lost focus: a quantity that could not be sent goes back to the last one sent (its
 * message stays, so the shopper sees why).
 */
export function leaveQuantity(productId: number): void {
  const line = lineOf(productId);
  if (line && quantityProblem(line.draft) !== null) patchLine(productId, { draft: String(line.item.quantity) });
}

/**
 * Removal sends quantity 0. A quantity still waiting for its debounce is dropped (the removal
 * wins); while an update of the basket is in flight the removal is refused (spec §4), which the
 * disabled Remove buttons show.
 */
export async function removeLine(productId: number): Promise<boolean> {
  const { basketNum } = $cart.get();
  const line = lineOf(productId);
  if (!basketNum || !line || $cart.get().lines.some((l) => l.pending)) return false;
  cancelDebounce(productId);
  replaceLine(productId, (current) => ({ ...withoutProblem(current), draft: String(current.item.quantity), deleted: true, pending: true, previousQuantity: current.item.quantity }));
  const result = await updateBasketItem(basketNum, productId, 0);
  if (isCancelled(result)) return false;
  patchLine(productId, { pending: false });
  const basket = result.ok ? toBasket(result.body) : null;
  if (basket) {
    applyBasket(basket);
    markForReload(reloadFlagsAfterEdit(viewer, true));
    return true;
  }
  patchLine(productId, { deleted: false });
  notifyError(result, errorFallback);
  await reloadBasket();
  return false;
}

/** Restore re-adds a removed line with its previous quantity. */
export async function restoreLine(productId: number, storeId: string): Promise<boolean> {
  const { basketNum } = $cart.get();
  const line = lineOf(productId);
  if (!line?.deleted) return false;
  patchLine(productId, { pending: true });
  const result = await addBasketItem(basketNum, productId, line.previousQuantity, storeId);
  patchLine(productId, { pending: false });
  if (!result.ok) {
    notifyError(result, errorFallback);
    return false;
  }
  const added = toBasketNumber(result.body) ?? '';
  const state = $cart.get();
  $cart.set({ ...state, basketNum: added, lines: state.lines.map((l) => (l.item.product_id === productId ? { ...l, deleted: false } : l)) });
  rememberBasketNumber(added);
  await reloadBasket();
  blink(productId);
  markForReload(reloadFlagsAfterEdit(viewer, false));
  return true;
}

/**
 * Adds a suggested product (quantity 1) and reloads. When the basket has meanwhile become an
 * order, the product starts a new basket and the shopper is told with `orderedText`.
 */
export async function addSuggestion(productId: number, storeId: string, orderedText: string): Promise<boolean> {
  const { basketNum } = $cart.get();
  let result = await addBasketItem(basketNum, productId, 1, storeId);
  const renewed = !result.ok && startsNewBasket(result.status, basketNum);
  if (renewed) result = await addBasketItem(undefined, productId, 1, storeId);
  if (!result.ok) {
    notifyError(result, errorFallback);
    return false;
  }
  moveToBasket(toBasketNumber(result.body) ?? '');
  if (renewed) notify({ text: orderedText, type: 'warning' });
  await reloadBasket();
  blink(productId);
  markForReload(reloadFlagsAfterEdit(viewer, false));
  return true;
}
