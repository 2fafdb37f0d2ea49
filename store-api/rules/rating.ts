import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Merchant rating (spec checkout §3 Rating, §5 rules, §8 messages) and the opaque order number of a
 * rating link: the order number plus an HMAC tag, so links cannot be made up for other orders.
 */
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Professional'] as const;
export const REPAIR_TIMES = [
  'Less than 30 mins',
  '30 to 60 mins',
  '1 to 2 hours',
  '2 to 4 hours',
  'More than 4 hours',
] as const;
export const ALREADY_REVIEWED_MESSAGE = 'This order has been reviewed already';

/**
 * The development key (`STORE_API_RATING_KEY` unset outside production): the rating links in the
 * README stay valid across fresh databases. Production requires its own key.
 */
export const DEV_RATING_KEY = 'parts-store reference rating links v1';

/** The key rating links are signed with: the configured one, the development one, or an error in production. */
export function ratingKeyFrom(configured: string | undefined, production: boolean): string {
  const key = configured?.trim() ?? '';
  if (key) {
    if (key.length < 32) throw new Error('STORE_API_RATING_KEY: at least 32 characters');
    return key;
  }
  if (production) throw new Error('STORE_API_RATING_KEY: required in production');
  return DEV_RATING_KEY;
}

function tag(orderNo: string, key: string): string {
  return createHmac('sha256', key).update(orderNo).digest('base64url').slice(0, 16);
}

export function encodeOrderNo(orderNo: string, key: string = DEV_RATING_KEY): string {
  return `${Buffer.from(orderNo, 'utf8').toString('base64url')}.${tag(orderNo, key)}`;
}

/** The order number behind an encoded one, or null when the tag does not match. */
export function decodeOrderNo(encoded: string, key: string = DEV_RATING_KEY): string | null {
  const match = /^([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{16})$/.exec(encoded.trim());
  if (!match) return null;
  const orderNo = Buffer.from(match[1] ?? '', 'base64url').toString('utf8');
  if (!/^S?\d{1,12}$/.test(orderNo)) return null;
  const expected = Buffer.from(tag(orderNo, key));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? orderNo : null;
}

export function dealerName(storeId: string): string {
  return storeId === 'cycle' ? 'Cycle Parts Store' : 'Marine Parts Store';
}
