import { describe, expect, it } from 'vitest';
import { queryActionsOf, readNotice, withoutQueryActions } from '~/features/cart/cart-page.server';

const at = (query: string) => new URL(`https://shop.example/es/${query}`);

describe('cart page controller', () => {
  it('reads the basket actions of a cart link, and none without them', () => {
    expect(queryActionsOf(at('?add-to-cart=2043,2'))).toEqual({
      basketNum: null,
      addToCart: '2043,2',
      newCart: false,
      shared: false,
    });
    expect(queryActionsOf(at('?basketNum=abc&new-cart'))).toEqual({
      basketNum: 'abc',
      addToCart: null,
      newCart: true,
      shared: false,
    });
    expect(queryActionsOf(at('?add-to-cart='))).toEqual({
      basketNum: null,
      addToCart: '',
      newCart: false,
      shared: false,
    });
    // The mark alone asks for nothing: only a list added through it is said.
    expect(queryActionsOf(at('?shared'))).toBeNull();
    expect(queryActionsOf(at('?edit=true'))).toBeNull();
    expect(queryActionsOf(at(''))).toBeNull();
  });

  it('redirects to the same page without the actions, keeping the rest of the query', () => {
    expect(withoutQueryActions(at('?add-to-cart=2043&edit=true&new-cart&basketNum=1'))).toBe('/es/?edit=true');
    expect(withoutQueryActions(at('?new-cart'))).toBe('/es/');
    expect(withoutQueryActions(at('?add-to-cart=2043,1&shared'))).toBe('/es/');
  });

  it('names the rejected entries of the notice cookie; an unreadable one names none', () => {
    expect(readNotice(JSON.stringify([{ entry: '2043,x', reason: 'unreadable' }]))).toEqual([
      { entry: '2043,x', reason: 'unreadable' },
    ]);
    expect(readNotice('{not json')).toEqual([]);
    expect(readNotice(undefined)).toEqual([]);
  });
});
