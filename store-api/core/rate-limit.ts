import type { Context } from 'hono';
import { clientAddress } from './client.ts';
import type { ApiContext } from './context.ts';

/** How many calls one key may make in one window. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Keys tracked at most at once; the oldest windows are forgotten first, so memory stays bounded. */
const MAX_KEYS = 10_000;

/**
 * Fixed-window counters kept in memory (the reference API is one process). `take` counts a call
 * and answers whether it is still within the limit.
 */
export function createRateLimiter(rule: RateLimit, maxKeys: number = MAX_KEYS) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key: string, now: number): boolean {
      let window = windows.get(key);
      if (!window || now - window.start >= rule.windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) {
          const oldest = windows.keys().next();
          if (!oldest.done) windows.delete(oldest.value);
        }
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= rule.limit;
    },
    clear(): void {
      windows.clear();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const RATE_LIMITED_MESSAGE = 'rate limit exceeded';

/** The caller a limit counts against (see clientAddress: the site's forwarded address, believed from this host only). */
export function clientKey(c: Context): string {
  return clientAddress(c).slice(0, 64);
}

/** Test mode lets a call skip the limits with `X-Disable-Rate-Limit: 1`, as login does. */
export function limitsSkipped(c: Context, ctx: ApiContext): boolean {
  return ctx.mode === 'test' && c.req.header('x-disable-rate-limit') === '1';
}

/** Counts the call against every given limiter and key; over any limit: the 429 to answer, else null. */
export function overLimit(
  c: Context,
  checks: readonly { limiter: RateLimiter; key: string; windowMs: number }[],
  now: number,
): Response | null {
  // Every counter is taken (no short-circuit), so a caller over one limit still spends the others.
  const over = checks.filter(({ limiter, key }) => !limiter.take(key, now));
  if (over.length === 0) return null;
  const retryAfter = Math.ceil(Math.max(...over.map((check) => check.windowMs)) / 1000);
  return c.json({ message: RATE_LIMITED_MESSAGE }, 429, { 'Retry-After': String(retryAfter) });
}
