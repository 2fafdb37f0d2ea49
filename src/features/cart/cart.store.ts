import { atom, computed } from 'nanostores';
import { notifyFailure } from '~/lib/api/notify';
import { notify } from '~/lib/notifications/notifications.store';
import { onSessionCleared } from '~/features/session/public';
import { markForReload } from '~/lib/reload-flags';
import {
  applyBasket,
  cartFromBasket,
  cartSourcesDiffer,
  dropQueued,
  isCalculating,
  leaveLineQuantity,
  moveCart,
  noBasket,
  patchLine,
  quantityProblem,
  refreshesOnReturn,
  reloadFlagsAfterEdit,
  removalBlocked,
  removeCartLine,
  sendLineQuantity,
  typeLineQuantity,
  type CartLine,
  type CartState,
} from './cart';
import { addToBasket } from './add-to-basket';
import { forgetBasketInBrowser, rememberBasketInBrowser } from '~/lib/session/basket-cookie';
import { BLINK_MS } from '~/lib/motion';
import { getBasket } from '~/lib/store-api/calls';
import { addBasketItem, getGraphCart, updateBasketItem } from './cart.api';
import type { Basket } from '~/lib/store-api/basket';
import { failureStatus, isCancelledFailure } from '~/lib/store-api/result';
import type { CartEditor } from '~/lib/session/current-user';

export const QUANTITY_DEBOUNCE_MS = 400;

export const $cart = atom<CartState>(noBasket());

/** Totals are being recalculated: a line waits for its debounce or its answer. */
export const $calculating = computed($cart, isCalculating);

type Viewer = CartEditor;

let viewer: Viewer = { isAuthorized: false, isGuest: false, isAlmostGuest: false };
/** The island's own "something went wrong", in the page's language: `initCart` sets it before any call. */
let errorFallback = '';
/** Handles of the running debounces and blinks; whether a line waits is the line's `queued`. */
const debounces = new Map<number, ReturnType<typeof setTimeout>>();
const blinks = new Map<number, ReturnType<typeof setTimeout>>();

function update(change: (cart: CartState) => CartState): void {
  $cart.set(change($cart.get()));
}

function patch(productId: number, change: Partial<CartLine>): void {
  update((cart) => patchLine(cart, productId, change));
}

function lineOf(productId: number): CartLine | undefined {
  return $cart.get().lines.find((line) => line.item.product_id === productId);
}

/** Highlights the line the shopper's action changed, for BLINK_MS (spec §9). */
function blink(productId: number): void {
  const running = blinks.get(productId);
  if (running) clearTimeout(running);
  patch(productId, { highlighted: true });
  blinks.set(
    productId,
    setTimeout(() => {
      blinks.delete(productId);
      patch(productId, { highlighted: false });
    }, BLINK_MS),
  );
}

/** The store's basket becomes the cart's; an emptied basket also drops its cookie (spec §4). */
function settle(basket: Basket): void {
  const next = applyBasket($cart.get(), basket);
  if (next.basketNum === undefined && $cart.get().basketNum !== undefined) forgetBasketInBrowser();
  $cart.set(next);
}

/**
 * The cart now lives under another basket number (an add made a new basket): the cookie and the
 * store follow it.
 */
export function moveToBasket(basketNum: string): void {
  const cart = $cart.get();
  if (cart.basketNum === basketNum && !cart.ordered) return;
  $cart.set(moveCart(cart, basketNum));
  rememberBasketInBrowser(basketNum);
}

/** Starts the cart from the server-rendered state, without fetching again. */
export function initCart(
  basketNum: string | undefined,
  basket: Basket | null,
  load: CartState['load'],
  who: Viewer,
  fallback: string,
  ordered = false,
): void {
  viewer = who;
  errorFallback = fallback;
  $cart.set(cartFromBasket(basketNum, basket, load, ordered));
}

/**
 * The session ended (logout, or a guest record that no longer exists): edits still waiting are
 * dropped and later edits count as an anonymous visitor's. The basket itself stays, as the
 * server keeps it for a forced logout; a chosen logout drops its cookie on the server.
 */
export function flushCartSession(): void {
  for (const timer of debounces.values()) clearTimeout(timer);
  debounces.clear();
  update(dropQueued);
  viewer = { isAuthorized: false, isGuest: false, isAlmostGuest: false };
}

onSessionCleared(flushCartSession);

/** Reloads the basket from the server; the server is the truth after any failure. */
export async function reloadBasket(): Promise<void> {
  const { basketNum } = $cart.get();
  if (!basketNum) return;
  update((cart) => ({ ...cart, load: cart.lines.length ? 'ok' : 'loading' }));
  const result = await getBasket(basketNum, { allowMultiple: true });
  if (isCancelledFailure(result)) return;
  if (result.ok) settle(result.value);
  else if (failureStatus(result.failure) === 404) {
    forgetBasketInBrowser();
    $cart.set(noBasket());
  } else update((cart) => ({ ...cart, load: 'error' }));
}

/** The tab is shown again: another tab may have changed the basket, so it is read once more. */
export async function refreshOnReturn(visible: boolean): Promise<void> {
  const cart = $cart.get();
  const showsBasket = Boolean(cart.basketNum) && (cart.load === 'ok' || cart.lines.length > 0);
  if (!refreshesOnReturn({ visible, showsBasket, calculating: isCalculating(cart), reading: cart.reading === true }))
    return;
  $cart.set({ ...cart, reading: true });
  try {
    await reloadBasket();
  } finally {
    const { reading: _reading, ...rest } = $cart.get();
    $cart.set(rest);
  }
}

/** Compares with the second (GraphQL) cart source and reloads when they disagree. */
export async function syncWithGraphCart(): Promise<void> {
  const { basketNum, lines, load } = $cart.get();
  // A failed load is not a disagreement: it keeps its error and Try again.
  if (!basketNum || load !== 'ok') return;
  const result = await getGraphCart(basketNum);
  if (!result.ok) return;
  const restSkus = lines.filter((line) => !line.deleted).map((line) => line.item.sku);
  if (cartSourcesDiffer(restSkus, result.value)) await reloadBasket();
}

async function sendQuantity(productId: number, quantity: number): Promise<void> {
  const { basketNum } = $cart.get();
  const line = lineOf(productId);
  if (!basketNum || !line) {
    if (line) patch(productId, { queued: false });
    return;
  }
  const before = line.item;
  update((cart) => sendLineQuantity(cart, productId));
  const result = await updateBasketItem(basketNum, productId, quantity);
  if (isCancelledFailure(result)) return;
  patch(productId, { pending: false });
  if (result.ok) {
    settle(result.value);
    const settled = lineOf(productId);
    if (settled && !settled.queued) patch(productId, { draft: String(settled.item.quantity) });
    blink(productId);
    markForReload(reloadFlagsAfterEdit(viewer, false));
    return;
  }
  patch(productId, { draft: String(before.quantity) });
  notifyFailure(result.failure, errorFallback);
  await reloadBasket();
}

function cancelDebounce(productId: number): void {
  const waiting = debounces.get(productId);
  if (waiting) clearTimeout(waiting);
  debounces.delete(productId);
}

/**
 * The shopper typed a quantity: shown at once, sent 400 ms after the last keystroke. A value that
 * cannot be sent (empty, 0, above 9999) is not sent and says why.
 */
export function typeQuantity(productId: number, text: string): void {
  cancelDebounce(productId);
  update((cart) => typeLineQuantity(cart, productId, text));
  if (quantityProblem(text)) return;
  const quantity = Number(text.trim());
  debounces.set(
    productId,
    setTimeout(() => {
      debounces.delete(productId);
      const line = lineOf(productId);
      if (line?.item.quantity === quantity && !line.pending) {
        patch(productId, { queued: false });
        return;
      }
      void sendQuantity(productId, quantity);
    }, QUANTITY_DEBOUNCE_MS),
  );
}

/**
 * The field lost focus: a quantity that could not be sent goes back to the last one sent (its
 * message stays, so the shopper sees why).
 */
export function leaveQuantity(productId: number): void {
  update((cart) => leaveLineQuantity(cart, productId));
}

/**
 * Removal sends quantity 0. A quantity still waiting for its debounce is dropped (the removal
 * wins); while an update of the basket is in flight the removal is refused (spec §4), which the
 * disabled Remove buttons show.
 */
export async function removeLine(productId: number): Promise<boolean> {
  const { basketNum } = $cart.get();
  const line = lineOf(productId);
  if (!basketNum || !line || removalBlocked($cart.get())) return false;
  cancelDebounce(productId);
  update((cart) => removeCartLine(cart, productId));
  const result = await updateBasketItem(basketNum, productId, 0);
  if (isCancelledFailure(result)) return false;
  patch(productId, { pending: false });
  if (result.ok) {
    settle(result.value);
    markForReload(reloadFlagsAfterEdit(viewer, true));
    return true;
  }
  patch(productId, { deleted: false });
  notifyFailure(result.failure, errorFallback);
  await reloadBasket();
  return false;
}

/** Restore re-adds a removed line with its previous quantity. */
export async function restoreLine(productId: number, storeId: string): Promise<boolean> {
  const { basketNum } = $cart.get();
  const line = lineOf(productId);
  if (!line?.deleted) return false;
  patch(productId, { pending: true });
  const result = await addBasketItem(basketNum, productId, line.previousQuantity, storeId);
  patch(productId, { pending: false });
  if (!result.ok) {
    notifyFailure(result.failure, errorFallback);
    return false;
  }
  const added = result.value;
  update((cart) => patchLine({ ...cart, basketNum: added }, productId, { deleted: false }));
  rememberBasketInBrowser(added);
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
  const { answer: result, renewed } = await addToBasket($cart.get().basketNum, (basketNum) =>
    addBasketItem(basketNum, productId, 1, storeId),
  );
  if (!result.ok) {
    notifyFailure(result.failure, errorFallback);
    return false;
  }
  moveToBasket(result.value);
  if (renewed) notify({ text: orderedText, type: 'warning' });
  await reloadBasket();
  blink(productId);
  markForReload(reloadFlagsAfterEdit(viewer, false));
  return true;
}
