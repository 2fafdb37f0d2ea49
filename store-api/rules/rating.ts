import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Merchant rating (spec checkout §3 Rating, §5 rules, §8 messages) and the opaque order number of a
 * rating link: the order number plus an HMAC tag, so links cannot be made up for other orders.
 */
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Professional'] as const;
export const REPAIR_TIMES = ['Less than 30 mins', '30 to 60 mins', '1 to 2 hours', '2 to 4 hours', 'More than 4 hours'] as const;
export const ALREADY_REVIEWED_MESSAGE = 'This order has been reviewed already';

/** The reference API's own key: rating links in README and e-mails stay valid across fresh databases. */
const RATING_KEY = 'parts-store reference rating links v1';

function tag(orderNo: string): string {
  return createHmac('sha256', RATING_KEY).update(orderNo).digest('base64url').slice(0, 16);
}

export function encodeOrderNo(orderNo: string): string {
  return `${Buffer.from(orderNo, 'utf8').toString('base64url')}.${tag(orderNo)}`;
}

/** The order number behind an encoded one, or null when the tag does not match. */
export function decodeOrderNo(encoded: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{16})$/.exec(encoded.trim());
  if (!match) return null;
  const orderNo = Buffer.from(match[1] ?? '', 'base64url').toString('utf8');
  if (!/^S?\d{1,12}$/.test(orderNo)) return null;
  const expected = Buffer.from(tag(orderNo));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? orderNo : null;
}

export function dealerName(storeId: string): string {
  return storeId === 'cycle' ? 'Cycle Parts Store' : 'Marine Parts Store';
}
