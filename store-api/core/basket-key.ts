import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';
import type { BasketCaller } from '../rules/ownership.ts';

/** The header a guest's key arrives in; the site's server sets it from an httpOnly cookie. */
export const BASKET_KEY_HEADER = 'x-basket-key';

/** Keys are stored hashed, so the database alone opens no guest's basket. */
export function hashBasketKey(key: string | undefined | null): string | null {
  const trimmed = key?.trim();
  if (!trimmed || trimmed.length < 16 || trimmed.length > 200) return null;
  return createHash('sha256').update(trimmed).digest('hex');
}

export function callerOf(c: Context<ApiEnv>): BasketCaller {
  return { userId: c.get('user')?.userid ?? null, key: hashBasketKey(c.req.header(BASKET_KEY_HEADER)) };
}
