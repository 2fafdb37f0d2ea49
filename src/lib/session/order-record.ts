import type { AstroCookies } from 'astro';
import { config } from '~/config';
import type { Session } from './session';
import { isPaymentMethod, type PaymentMethod } from '~/lib/store-api/receipt';
import { isSiteSignature, siteSignature } from './basket-key';
import { COOKIES, siteCookieName } from './cookie-names';
import { deletedCookie, ORDER_RECORD_SECONDS, siteCookie, type CookieOp } from './cookie-options';

/**
 * Which order belongs to this visitor, kept by the server in a signed httpOnly cookie so payment
 * success can read the order's invoice from the store API on every showing (a reload, a new tab,
 * the back button, a browser without JavaScript). It holds what the read needs and never the
 * receipt: the store API answers the invoice only to the order's own customer or guest key.
 */
export interface OrderRecord {
  /** The order's number as shown; empty while a wallet payment waits to be confirmed. */
  orderNo: string;
  payMethod: PaymentMethod;
  /** Whose record it is (ownerOf): the next visitor at the same computer is someone else. */
  owner: string;
}

const PURPOSE = 'order-record';
/** Shown numbers are digits, or an S and digits for new-shop orders. */
const ORDER_NUMBER = /^[A-Za-z0-9]{0,24}$/;
const OWNER = /^[cg][A-Za-z0-9_-]{1,64}$/;

/**
 * The visitor a record belongs to: a customer by their account, a guest by their basket key (a
 * tag of it, so the cookie never carries the key). Null for anyone else: they are given no record.
 */
export function ownerOf(
  session: Session,
  basketKey: string | undefined,
  secret: string = config.BASKET_KEY_SECRET,
): string | null {
  if (session.kind === 'customer' || session.kind === 'subscriber') {
    const id = String(session.claims.userid ?? '').trim();
    return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? `c${id}` : null;
  }
  if (session.kind === 'guest' && basketKey)
    return `g${siteSignature(`${PURPOSE}-owner`, basketKey, secret).subarray(0, 18).toString('base64url')}`;
  return null;
}

export function signOrderRecord(
  record: OrderRecord,
  secret: string = config.BASKET_KEY_SECRET,
  now = Date.now(),
): string {
  const issued = Math.floor(now / 1000).toString(36);
  const fields = `${record.orderNo}.${record.payMethod}.${record.owner}.${issued}`;
  return `${fields}.${siteSignature(PURPOSE, fields, secret).toString('base64url')}`;
}

/**
 * The record a cookie value carries when this site signed it at most ORDER_RECORD_SECONDS ago;
 * anything else (planted, edited, signed with another secret, expired) is none.
 */
export function verifiedOrderRecord(
  value: string | undefined,
  secret: string = config.BASKET_KEY_SECRET,
  now = Date.now(),
): (OrderRecord & { issuedAt: number }) | null {
  const parts = (value ?? '').split('.');
  if (parts.length !== 5) return null;
  const [orderNo = '', payMethod, owner = '', issued = '', signature = ''] = parts;
  if (!ORDER_NUMBER.test(orderNo) || !isPaymentMethod(payMethod) || !OWNER.test(owner) || !issued) return null;
  if (!isSiteSignature(PURPOSE, parts.slice(0, 4).join('.'), signature, secret)) return null;
  const issuedAt = parseInt(issued, 36) * 1000;
  const age = (now - issuedAt) / 1000;
  if (!Number.isFinite(age) || age < -60 || age > ORDER_RECORD_SECONDS) return null;
  return { orderNo, payMethod, owner, issuedAt };
}

/**
 * The ownership test: the record as this visitor may read it, or none when it is another
 * visitor's (a cookie copied to another browser, left by a guest who has gone) or not this site's.
 */
export function ownRecord(
  value: string | undefined,
  owner: string | null,
  secret: string = config.BASKET_KEY_SECRET,
  now = Date.now(),
): OrderRecord | null {
  const record = verifiedOrderRecord(value, secret, now);
  if (!record || owner === null || record.owner !== owner) return null;
  return { orderNo: record.orderNo, payMethod: record.payMethod, owner: record.owner };
}

/**
 * Whether an order's answer is news to this visitor: the order their record does not already
 * name. The basket is forgotten and the purchase counted only then, whatever is answered again.
 */
export function isNewOrder(previous: OrderRecord | null, orderNo: string): boolean {
  return orderNo !== '' && previous?.orderNo !== orderNo;
}

export function orderRecordCookie(record: OrderRecord, secure: boolean): CookieOp {
  return siteCookie(COOKIES.orderRecord, signOrderRecord(record), secure);
}

export function endedOrderRecord(secure: boolean): CookieOp {
  return deletedCookie(COOKIES.orderRecord, secure);
}

/** The cookie's value as this request sent it, under its scheme's name. */
export function orderRecordValue(cookies: AstroCookies, secure: boolean): string | undefined {
  return cookies.get(siteCookieName(COOKIES.orderRecord, secure))?.value;
}
