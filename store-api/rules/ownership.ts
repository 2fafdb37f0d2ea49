/**
 * Who may use a basket by its number. A basket without personal data is open to whoever holds
 * its number (the spec's ?basketNum= adoption). It gets an owner when a guest record is written
 * (the guest key presented then) or when a customer creates or claims it (the user id).
 */
export interface BasketOwner {
  userId: number | null;
  /** Hash of the guest key, set with the first guest record. */
  ownerKey: string | null;
}

export interface BasketCaller {
  userId: number | null;
  /** Hash of the key the caller presented (X-Basket-Key), if any. */
  key: string | null;
}

/**
 * `items`: read and change the lines, language, suggestions. `personal`: the guest record,
 * shipping, checkout, stored receipt, wallet confirmation, deleting and attaching the basket.
 */
export type BasketUse = 'items' | 'personal';

export function mayUseBasket(owner: BasketOwner, caller: BasketCaller, use: BasketUse): boolean {
  const isOwnerUser = owner.userId !== null && caller.userId === owner.userId;
  // A guest checkout holds a name and an address: only its key (or its customer) opens it.
  if (owner.ownerKey !== null) return isOwnerUser || (caller.key !== null && caller.key === owner.ownerKey);
  // A customer's basket holds no personal data of its own (the address lives on the account), so
  // its lines stay open by number for adoption; everything personal needs the customer.
  if (owner.userId !== null) return use === 'items' || isOwnerUser;
  return true;
}

/** Wallet payment links are valid for an hour from checkout, then answer as unknown. */
export const WALLET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export function walletTokenExpired(createdAt: string, now: Date): boolean {
  const created = Date.parse(createdAt);
  return !Number.isFinite(created) || now.getTime() - created > WALLET_TOKEN_LIFETIME_MS;
}
