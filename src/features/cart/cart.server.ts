import type { AstroCookies } from 'astro';
import { COOKIES } from '~/features/session/cookies';
import { siteCookieOptions } from '~/lib/server/proxy/session-cookies';
import { storeApi } from '~/lib/server/store-api';
import { basketKeyHeaders } from '~/lib/server/basket-key';
import type { StoreId } from '~/stores';
import { isOrdered, parseAddToCart, rejectionReason, startsNewBasket, type Rejection } from './cart';
import type { Basket } from './cart.types';

export type BasketLoad = { state: 'none' } | { state: 'ok'; basket: Basket } | { state: 'ordered' } | { state: 'error' };

/** Loads the basket for the first paint; an unknown basket number counts as no basket. */
export async function loadBasket(basketNum: string | undefined, basketKey?: string): Promise<BasketLoad> {
  if (!basketNum) return { state: 'none' };
  const result = await storeApi<Basket>(`a/basket/${encodeURIComponent(basketNum)}`, { headers: basketKeyHeaders(basketKey) });
  if (result.ok && result.body && Array.isArray(result.body.BASKET)) return isOrdered(result.body.ORDER) ? { state: 'ordered' } : { state: 'ok', basket: result.body };
  if (result.status === 404 || result.status === 400) return { state: 'none' };
  return { state: 'error' };
}

export function rememberBasket(cookies: AstroCookies, basketNum: string, secure: boolean): void {
  cookies.set(COOKIES.basket, basketNum, siteCookieOptions(COOKIES.basket, secure));
}

export function forgetBasket(cookies: AstroCookies): void {
  cookies.delete(COOKIES.basket, { path: '/' });
}

/**
 * Adds the ?add-to-cart= entries one by one, creating the basket with the first; returns the
 * basket number and the entries that could not be read or bought, with why, to name them to the shopper.
 */
export async function addFromQuery(
  value: string | null,
  basketNum: string | undefined,
  storeId: StoreId,
  basketKey?: string,
): Promise<{ basketNum: string | undefined; rejected: Rejection[] }> {
  const { entries, invalid } = parseAddToCart(value);
  const rejected: Rejection[] = invalid.map((entry) => ({ entry, reason: 'unreadable' }));
  let current = basketNum;
  for (const entry of entries) {
    const add = (basketNum: string | undefined) =>
      storeApi<{ BASKETNUM?: string }>(`a/item/${entry.productId}/${entry.quantity}`, { method: 'POST', query: { basketNum, store_id: storeId }, headers: basketKeyHeaders(basketKey) });
    let result = await add(current);
    if (!result.ok && startsNewBasket(result.status, current)) result = await add(undefined);
    if (result.ok && result.body.BASKETNUM) current = result.body.BASKETNUM;
    else rejected.push({ entry: `${entry.productId},${entry.quantity}`, reason: result.ok ? 'failed' : rejectionReason(result.status, result.error) });
  }
  return { basketNum: current, rejected };
}

/**
 * A basket number from a link (?basketNum=): the same basket when this visitor may use it, else
 * the store API answers a new basket with a copy of its lines (never someone's personal data).
 * Null when the number is unknown or the store could not answer.
 */
export async function adoptBasket(basketNum: string, basketKey: string | undefined, token: string | undefined): Promise<string | null> {
  const result = await storeApi<{ BASKETNUM?: string }>(`a/basket/${encodeURIComponent(basketNum)}/adopt`, {
    method: 'POST',
    token,
    headers: basketKeyHeaders(basketKey),
  });
  return result.ok && typeof result.body.BASKETNUM === 'string' ? result.body.BASKETNUM : null;
}
