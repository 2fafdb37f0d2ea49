import { describe, expect, it } from 'vitest';
import {
  isNewOrder,
  orderRecordCookie,
  ownerOf,
  ownRecord,
  signOrderRecord,
  verifiedOrderRecord,
  type OrderRecord,
} from '~/lib/session/order-record';
import { ORDER_RECORD_SECONDS } from '~/lib/session/cookie-options';
import { loggedOutCookies, guestCookies } from '~/lib/session/session-cookies';
import { newBasketKey } from '~/lib/session/basket-key';

const SECRET = 'an-order-record-secret-of-40-characters';
const NOW = Date.parse('2026-11-22T15:30:00Z');
const guest = { kind: 'guest', basketNum: 'B1' } as const;
const customer = (userid: number) => ({ kind: 'customer', claims: { userid, role: 'customer' } }) as const;

describe('the order record cookie', () => {
  const key = newBasketKey();
  const owner = ownerOf(guest, key, SECRET)!;
  const record: OrderRecord = { orderNo: '701001', payMethod: 'cc', owner };

  it('carries the order number, the payment method and its owner, signed, and gives them back', () => {
    const value = signOrderRecord(record, SECRET, NOW);
    expect(value).not.toContain(key);
    expect(verifiedOrderRecord(value, SECRET, NOW)).toMatchObject(record);
    expect(ownRecord(value, owner, SECRET, NOW)).toEqual(record);
    // A wallet payment begun: no order yet.
    const waiting = signOrderRecord({ ...record, orderNo: '', payMethod: 'pp' }, SECRET, NOW);
    expect(ownRecord(waiting, owner, SECRET, NOW)).toEqual({ orderNo: '', payMethod: 'pp', owner });
  });

  it('honours nothing it did not sign: edited, forged, signed with another secret, malformed', () => {
    const value = signOrderRecord(record, SECRET, NOW);
    const [, method, who, issued, signature] = value.split('.');
    expect(verifiedOrderRecord(`701002.${method}.${who}.${issued}.${signature}`, SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord(`701001.pp.${who}.${issued}.${signature}`, SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord(value.replace(who!, 'c1'), SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord(`${value.slice(0, -2)}AA`, SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord(signOrderRecord(record, `${SECRET}-other`, NOW), SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord('701001.cc.c1', SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord(`${value}.extra`, SECRET, NOW)).toBeNull();
    expect(verifiedOrderRecord(undefined, SECRET, NOW)).toBeNull();
    // Nothing but a shown number passes for one, even signed.
    expect(verifiedOrderRecord(signOrderRecord({ ...record, orderNo: '../1' }, SECRET, NOW), SECRET, NOW)).toBeNull();
  });

  it('lives an hour at most, and a time of issue moved later is another signature', () => {
    const value = signOrderRecord(record, SECRET, NOW);
    expect(ORDER_RECORD_SECONDS).toBeLessThanOrEqual(3600);
    expect(verifiedOrderRecord(value, SECRET, NOW + ORDER_RECORD_SECONDS * 1000)).not.toBeNull();
    expect(verifiedOrderRecord(value, SECRET, NOW + ORDER_RECORD_SECONDS * 1000 + 1000)).toBeNull();
    const [orderNo, method, who, , signature] = value.split('.');
    const later = Math.floor((NOW + 3600_000) / 1000).toString(36);
    expect(verifiedOrderRecord(`${orderNo}.${method}.${who}.${later}.${signature}`, SECRET, NOW + 3601_000)).toBeNull();
  });

  it('is refused to any other visitor: another guest key, a customer, nobody', () => {
    const value = signOrderRecord(record, SECRET, NOW);
    expect(ownRecord(value, ownerOf(guest, newBasketKey(), SECRET), SECRET, NOW)).toBeNull();
    expect(ownRecord(value, ownerOf(customer(7), undefined, SECRET), SECRET, NOW)).toBeNull();
    expect(ownRecord(value, ownerOf({ kind: 'anonymous' }, key, SECRET), SECRET, NOW)).toBeNull();
    const mine = signOrderRecord({ ...record, owner: ownerOf(customer(7), undefined, SECRET)! }, SECRET, NOW);
    expect(ownRecord(mine, ownerOf(customer(7), undefined, SECRET), SECRET, NOW)).not.toBeNull();
    expect(ownRecord(mine, ownerOf(customer(8), undefined, SECRET), SECRET, NOW)).toBeNull();
  });

  it('names an owner only for a customer with an account number or a guest with a basket key', () => {
    expect(ownerOf(customer(7), undefined, SECRET)).toBe('c7');
    expect(ownerOf(guest, key, SECRET)).toMatch(/^g[\w-]{24}$/);
    expect(ownerOf(guest, undefined, SECRET)).toBeNull();
    expect(ownerOf({ kind: 'customer', claims: { role: 'customer' } }, key, SECRET)).toBeNull();
    expect(ownerOf({ kind: 'anonymous' }, key, SECRET)).toBeNull();
  });

  it('counts an order as news only when the record does not already name it', () => {
    expect(isNewOrder(null, '701001')).toBe(true);
    expect(isNewOrder({ ...record, orderNo: '' }, '701001')).toBe(true);
    expect(isNewOrder(record, '701001')).toBe(false);
    expect(isNewOrder(record, '701002')).toBe(true);
    expect(isNewOrder(null, '')).toBe(false);
  });

  it('is httpOnly, __Host- over https, for an hour; it ends with a logout and with a new guest record', () => {
    const cookie = orderRecordCookie(record, true);
    expect(cookie).toMatchObject({
      name: '__Host-ps_order',
      options: { httpOnly: true, secure: true, sameSite: 'strict', path: '/', maxAge: ORDER_RECORD_SECONDS },
    });
    expect(loggedOutCookies(true)).toContainEqual({ name: '__Host-ps_order', delete: true });
    expect(guestCookies('B2', false)).toContainEqual({ name: 'ps_order', delete: true });
  });
});
