import type { StoreId } from '~/stores';
import { isOrdered, parseAddToCart, rejectionReason, FINISHED_BASKET_STATUS, type Rejection } from './cart';
import { addToBasket } from './add-to-basket';
import type { Basket } from '~/lib/store-api/basket';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { adoptBasket as adoptBasketCall, readBasket, sendForShopper, type Shopper } from '~/lib/store-api/server';
import { failureMessage, failureStatus, type Failure, type Result } from '~/lib/store-api/result';

export type BasketLoad =
  { state: 'none' } | { state: 'ok'; basket: Basket } | { state: 'ordered' } | { state: 'error' };

/** Loads the basket for the first paint. */
export async function loadBasket(basketNum: string | undefined, basketKey?: string): Promise<BasketLoad> {
  if (!basketNum) return { state: 'none' };
  return basketLoadOf(await readBasket(basketNum, basketKey));
}

/** The store's word that it holds no basket of that number (unknown, or not a basket number). */
function isUnknownBasket(failure: Failure): boolean {
  return failure.kind === 'http' && (failure.status === 404 || failure.status === 400);
}

/** What the cart draws for a basket read: an unknown basket number counts as no basket. */
export function basketLoadOf(result: Result<Basket>): BasketLoad {
  if (result.ok) return isOrdered(result.value.ORDER) ? { state: 'ordered' } : { state: 'ok', basket: result.value };
  return isUnknownBasket(result.failure) ? { state: 'none' } : { state: 'error' };
}

/**
 * Adds the ?add-to-cart= entries with one bulk call, creating the basket when there is none (or
 * it is finished or unknown); returns the basket number and the entries that could not be read
 * or bought, with why, to name them to the shopper, and how many were added. One link makes at
 * most one write, however long.
 */
export async function addFromQuery(
  value: string | null,
  basketNum: string | undefined,
  storeId: StoreId,
  shopper: Shopper,
): Promise<{ basketNum: string | undefined; added: number; rejected: Rejection[] }> {
  const { entries, invalid, overflow } = parseAddToCart(value);
  const rejected: Rejection[] = [...invalid];
  const wanted = entries.filter((entry) => entry.productId > 0);
  rejected.push(
    ...entries
      .filter((entry) => entry.productId === 0)
      .map((entry) => ({ entry: `${entry.productId},${entry.quantity}`, reason: 'unknown' as const })),
  );
  const overflowed: Rejection[] = overflow === undefined ? [] : [{ entry: overflow, reason: 'tooMany' }];
  if (wanted.length === 0) return { basketNum, added: 0, rejected: [...rejected, ...overflowed] };
  const items = wanted.map((entry) => ({ product_id: entry.productId, quantity: entry.quantity }));
  const add = (basket: string | undefined) =>
    sendForShopper(
      ENDPOINTS.basketBulkAdd,
      { body: { ...(basket ? { basketNum: basket } : {}), store_id: storeId, items } },
      shopper,
    );
  // A link's basket number may also be unknown (404) or unreadable (400): the entries start a new basket.
  const { answer: result } = await addToBasket(basketNum, add, [400, 404, FINISHED_BASKET_STATUS]);
  if (!result.ok) {
    const reason = rejectionReason(failureStatus(result.failure), failureMessage(result.failure));
    rejected.push(...wanted.map((entry) => ({ entry: `${entry.productId},${entry.quantity}`, reason })));
    return { basketNum, added: 0, rejected: [...rejected, ...overflowed] };
  }
  const { results } = result.value;
  wanted.forEach((entry, index) => {
    const outcome = results[index];
    if (outcome?.SUCCESS) return;
    const message = outcome?.message ?? '';
    rejected.push({
      entry: `${entry.productId},${entry.quantity}`,
      reason: outcome ? rejectionReason(message.includes('not found') ? 404 : 400, message) : 'failed',
    });
  });
  const added = results.filter((outcome) => outcome.SUCCESS).length;
  return { basketNum: result.value.BASKETNUM, added, rejected: [...rejected, ...overflowed] };
}

/**
 * A basket number from a link (?basketNum=): the same basket when this visitor may use it, else
 * the store API answers a new basket with a copy of its lines (never someone's personal data).
 * Null when the number is unknown or the store could not answer.
 */
export async function adoptBasket(basketNum: string, shopper: Shopper): Promise<string | null> {
  const result = await adoptBasketCall(basketNum, shopper);
  return result.ok ? result.value : null;
}

/**
 * A link's ?basketNum=, adopted as adoptBasket does; `missing` when the store holds no such basket,
 * so the cart can say so rather than open empty without a word. A store that did not answer is no
 * proof either way: the number is kept and nothing is said.
 */
export async function adoptLinkedBasket(
  basketNum: string,
  shopper: Shopper,
): Promise<{ basketNum: string; missing: boolean }> {
  const result = await adoptBasketCall(basketNum, shopper);
  if (result.ok) return { basketNum: result.value, missing: false };
  return { basketNum, missing: isUnknownBasket(result.failure) };
}

/** A guest leaving checkout keeps the parts of a basket that holds some and is not yet ordered. */
export function hasPartsToKeep(load: BasketLoad): boolean {
  return load.state === 'ok' && load.basket.BASKET.length > 0;
}

/**
 * The parts of the guest's basket in a basket of their own, with nothing personal in it: adopted
 * without the guest's key, the store answers a new basket with a copy of the lines (or the same
 * one when nobody owns it, which then holds no guest record). Undefined when there are no parts to
 * keep or the store did not answer: the guest then leaves with no cart, as before.
 */
export async function partsOnlyBasket(
  basketNum: string | undefined,
  basketKey: string | undefined,
): Promise<string | undefined> {
  if (!basketNum || !hasPartsToKeep(await loadBasket(basketNum, basketKey))) return undefined;
  return (await adoptBasket(basketNum, { basketKey: undefined, token: undefined })) ?? undefined;
}
