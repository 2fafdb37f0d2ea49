import { describe, expect, it } from 'vitest';
import { mayUseBasket, walletTokenExpired, WALLET_TOKEN_LIFETIME_MS } from '../../../store-api/rules/ownership.ts';

const nobody = { userId: null, key: null };
const guest = { userId: null, key: 'k1' };
const otherGuest = { userId: null, key: 'k2' };
const customer = { userId: 7, key: null };
const otherCustomer = { userId: 8, key: null };

describe('mayUseBasket', () => {
  it('leaves a basket without an owner open to whoever holds its number', () => {
    for (const caller of [nobody, guest, customer]) {
      expect(mayUseBasket({ userId: null, ownerKey: null }, caller, 'items')).toBe(true);
      expect(mayUseBasket({ userId: null, ownerKey: null }, caller, 'personal')).toBe(true);
    }
  });

  it('opens a guest checkout to its key only', () => {
    const owner = { userId: null, ownerKey: 'k1' };
    expect(mayUseBasket(owner, guest, 'personal')).toBe(true);
    for (const caller of [nobody, otherGuest, customer]) {
      expect(mayUseBasket(owner, caller, 'items')).toBe(false);
      expect(mayUseBasket(owner, caller, 'personal')).toBe(false);
    }
  });

  it('keeps a customer basket’s lines open by number, everything personal for the customer', () => {
    const owner = { userId: 7, ownerKey: null };
    expect(mayUseBasket(owner, otherCustomer, 'items')).toBe(true);
    expect(mayUseBasket(owner, nobody, 'items')).toBe(true);
    expect(mayUseBasket(owner, otherCustomer, 'personal')).toBe(false);
    expect(mayUseBasket(owner, guest, 'personal')).toBe(false);
    expect(mayUseBasket(owner, customer, 'personal')).toBe(true);
  });

  it('lets the customer of a keyed basket in too', () => {
    expect(mayUseBasket({ userId: 7, ownerKey: 'k1' }, customer, 'personal')).toBe(true);
    expect(mayUseBasket({ userId: 7, ownerKey: 'k1' }, otherCustomer, 'items')).toBe(false);
  });
});

describe('walletTokenExpired', () => {
  const created = '2026-11-25T10:00:00.000Z';
  it('keeps a wallet link for an hour', () => {
    expect(walletTokenExpired(created, new Date(Date.parse(created) + WALLET_TOKEN_LIFETIME_MS))).toBe(false);
    expect(walletTokenExpired(created, new Date(Date.parse(created) + WALLET_TOKEN_LIFETIME_MS + 1))).toBe(true);
  });
  it('treats an unreadable date as expired', () => {
    expect(walletTokenExpired('not a date', new Date())).toBe(true);
  });
});
