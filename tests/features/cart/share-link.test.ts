import { describe, expect, it } from 'vitest';
import { MAX_ADD_TO_CART_ENTRIES, parseAddToCart, type CartLine } from '~/features/cart/cart';
import { queryActionsOf } from '~/features/cart/cart-page.server';
import { readSharedListNotice, shareEntriesOf, shareLink } from '~/features/cart/share-link';
import type { BasketItem } from '~/lib/store-api/basket';

const line = (productId: number, quantity: number, deleted = false): CartLine => ({
  item: { product_id: productId, quantity } as BasketItem,
  draft: String(quantity),
  deleted,
  previousQuantity: quantity,
  queued: false,
  pending: false,
});

describe('share link', () => {
  it('carries the part numbers and quantities of the lines still in the cart, nothing else', () => {
    const entries = shareEntriesOf([line(1374449, 3), line(2043, 1, true), line(15732, 2)]);
    expect(entries).toEqual([
      { productId: 1374449, quantity: 3 },
      { productId: 15732, quantity: 2 },
    ]);
    const { url, leftOut } = shareLink('https://shop.example/', 'en', entries);
    expect(url).toBe('https://shop.example/?add-to-cart=1374449,3;15732,2&shared');
    expect(leftOut).toBe(0);
    expect([...new URL(url).searchParams.keys()]).toEqual(['add-to-cart', 'shared']);
  });

  it('opens in the sender’s language, on the store’s origin whatever path it was given', () => {
    const entries = [{ productId: 2043, quantity: 4 }];
    expect(shareLink('https://shop.example/', 'es', entries).url).toBe(
      'https://shop.example/es/?add-to-cart=2043,4&shared',
    );
    expect(shareLink('https://cycle.example/checkout/', 'pt', entries).url).toBe(
      'https://cycle.example/pt/?add-to-cart=2043,4&shared',
    );
  });

  it('is read back by the cart as the same list, marked as shared', () => {
    const entries = [
      { productId: 1374449, quantity: 3 },
      { productId: 2043, quantity: 1 },
      { productId: 15732, quantity: 9999 },
    ];
    const url = new URL(shareLink('https://shop.example/', 'fr', entries).url);
    const actions = queryActionsOf(url);
    expect(actions).toEqual({
      basketNum: null,
      addToCart: '1374449,3;2043,1;15732,9999',
      newCart: false,
      shared: true,
    });
    expect(parseAddToCart(actions?.addToCart ?? null)).toEqual({ entries, invalid: [] });
  });

  it('carries at most what one add-to-cart link may, and says how many lines it leaves out', () => {
    const entries = Array.from({ length: MAX_ADD_TO_CART_ENTRIES + 2 }, (_, index) => ({
      productId: 1000 + index,
      quantity: 1,
    }));
    const { url, leftOut } = shareLink('https://shop.example/', 'en', entries);
    expect(leftOut).toBe(2);
    const read = parseAddToCart(new URL(url).searchParams.get('add-to-cart'));
    expect(read.entries).toEqual(entries.slice(0, MAX_ADD_TO_CART_ENTRIES));
    expect(read.overflow).toBeUndefined();
  });
});

describe('shared list notice', () => {
  it('reads what the list added and whether the cart had parts before', () => {
    expect(readSharedListNotice(JSON.stringify({ added: 3, kept: true }))).toEqual({ added: 3, kept: true });
    expect(readSharedListNotice(JSON.stringify({ added: 1 }))).toEqual({ added: 1, kept: false });
  });

  it('says nothing for a missing, malformed or impossible cookie', () => {
    expect(readSharedListNotice(undefined)).toBeNull();
    expect(readSharedListNotice('{not json')).toBeNull();
    expect(readSharedListNotice('null')).toBeNull();
    expect(readSharedListNotice(JSON.stringify({ added: '3' }))).toBeNull();
    expect(readSharedListNotice(JSON.stringify({ added: 0 }))).toBeNull();
    expect(readSharedListNotice(JSON.stringify({ added: 1.5 }))).toBeNull();
    expect(readSharedListNotice(JSON.stringify({ added: MAX_ADD_TO_CART_ENTRIES + 1 }))).toBeNull();
  });
});
