import { describe, expect, it } from 'vitest';
import {
  bannedInMixedCart,
  canBuy,
  cartSourcesDiffer,
  checkoutTarget,
  delayNoticeFor,
  exceedsInventory,
  isNonStockForCart,
  parseAddToCart,
  MAX_ADD_TO_CART_ENTRIES,
  MAX_QUANTITY,
  isOrdered,
  refreshesOnReturn,
  startsNewBasket,
  reloadFlagsAfterEdit,
  sendableQuantity,
  quantityProblem,
  inShownOrder,
  rejectionReason,
  readRejections,
} from '~/features/cart/cart';

describe('stock rules', () => {
  it('shopping reading: later, backordered and possible delays are non-stock', () => {
    expect(['now', 'later', 'backordered', 'possible_delays', 'never', 'unknown'].filter(isNonStockForCart)).toEqual([
      'later',
      'backordered',
      'possible_delays',
    ]);
  });
  it('a manufacturer delay replaces the status of its non-stock items only', () => {
    const delays = [{ mfg: 2, url: 'https://example.test/delay' }];
    expect(delayNoticeFor({ ship_class: 'later', mfg_account_id: 2 }, delays)).toEqual(delays[0]);
    expect(delayNoticeFor({ ship_class: 'now', mfg_account_id: 2 }, delays)).toBeUndefined();
    expect(delayNoticeFor({ ship_class: 'later', mfg_account_id: 1 }, delays)).toBeUndefined();
  });
  it('warns about inventory only where the store shows it', () => {
    expect(exceedsInventory({ quantity: 5, inventory: 4 }, true)).toBe(true);
    expect(exceedsInventory({ quantity: 4, inventory: 4 }, true)).toBe(false);
    expect(exceedsInventory({ quantity: 5, inventory: 4 }, false)).toBe(false);
  });
});

describe('canBuy', () => {
  it('needs a product id, a price above 0 and a ship class other than never', () => {
    expect(canBuy({ product_id: 1, base_price: 2, ship_class: 'now' })).toBe(true);
    expect(canBuy({ product_id: 1, base_price: 0, ship_class: 'now' })).toBe(false);
    expect(canBuy({ product_id: 1, base_price: 2, ship_class: 'never' })).toBe(false);
    expect(canBuy({ base_price: 2, ship_class: 'now' })).toBe(false);
  });
});

describe('banned manufacturers', () => {
  it('flags Suzuki and Mercury lines only in a mixed cart', () => {
    expect(
      bannedInMixedCart(
        [
          { product_id: 1, mfg_account_id: 24 },
          { product_id: 2, mfg_account_id: 1 },
        ],
        [24, 2],
      ),
    ).toEqual([1]);
    expect(
      bannedInMixedCart(
        [
          { product_id: 1, mfg_account_id: 24 },
          { product_id: 3, mfg_account_id: 24 },
        ],
        [24, 2],
      ),
    ).toEqual([]);
  });
});

describe('add-to-cart query', () => {
  it('reads entries with default quantity 1 and reports the rest', () => {
    expect(parseAddToCart('1374449,2;2043;15732,3')).toEqual({
      entries: [
        { productId: 1374449, quantity: 2 },
        { productId: 2043, quantity: 1 },
        { productId: 15732, quantity: 3 },
      ],
      invalid: [],
    });
    expect(parseAddToCart('abc;12,x;;7,0; 9 , 4 ')).toEqual({
      entries: [{ productId: 9, quantity: 4 }],
      invalid: [
        { entry: 'abc', reason: 'unreadable' },
        { entry: '12,x', reason: 'unreadable' },
        { entry: '7,0', reason: 'quantityMin' },
      ],
    });
    expect(parseAddToCart(null)).toEqual({ entries: [], invalid: [] });
  });

  it(`names a quantity outside 1 to ${MAX_QUANTITY} by the limit it breaks`, () => {
    expect(parseAddToCart('2043,10000;2043,-1;2043,9999').invalid).toEqual([
      { entry: '2043,10000', reason: 'quantityMax' },
      { entry: '2043,-1', reason: 'quantityMin' },
    ]);
    expect(parseAddToCart('2043,9999').entries).toEqual([{ productId: 2043, quantity: 9999 }]);
  });

  it(`reads at most ${MAX_ADD_TO_CART_ENTRIES} entries and names the first one left out`, () => {
    const link = Array.from({ length: 1600 }, (_, index) => `${index + 1},1`).join(';');
    const parsed = parseAddToCart(link);
    expect(parsed.entries).toHaveLength(MAX_ADD_TO_CART_ENTRIES);
    expect(parsed.overflow).toBe(`${MAX_ADD_TO_CART_ENTRIES + 1},1`);
    expect(parseAddToCart(link.split(';').slice(0, MAX_ADD_TO_CART_ENTRIES).join(';')).overflow).toBeUndefined();
  });
});

describe('quantity input', () => {
  it('sends only whole numbers of at least 1', () => {
    expect(sendableQuantity('3')).toBe(3);
    expect(sendableQuantity('')).toBeNull();
    expect(sendableQuantity('0')).toBeNull();
    expect(sendableQuantity('-2')).toBeNull();
    expect(sendableQuantity('1.5')).toBeNull();
    expect(sendableQuantity('9999')).toBe(9999);
    expect(sendableQuantity('10000')).toBeNull();
  });
  it('says why a quantity is not sent', () => {
    expect(quantityProblem(' ')).toBe('required');
    expect(quantityProblem('0')).toBe('min');
    expect(quantityProblem('10000')).toBe('max');
    expect(quantityProblem('1.5')).toBe('numeric');
    expect(quantityProblem('-2')).toBe('min');
    expect(quantityProblem('-')).toBe('numeric');
    expect(quantityProblem('12')).toBeNull();
  });
});

describe('line order', () => {
  it('keeps lines where the shopper saw them and puts new ones after', () => {
    const items = [{ product_id: 3 }, { product_id: 1 }, { product_id: 9 }, { product_id: 2 }];
    expect(inShownOrder(items, [1, 2, 3]).map((item) => item.product_id)).toEqual([1, 2, 3, 9]);
    expect(inShownOrder(items, []).map((item) => item.product_id)).toEqual([3, 1, 9, 2]);
  });
});

describe('add-to-cart rejections', () => {
  it('reads why the store refused an entry', () => {
    expect(rejectionReason(400, 'Can not buy product with zero base price')).toBe('zeroBasePrice');
    expect(rejectionReason(400, 'Product is not available')).toBe('notAvailable');
    expect(rejectionReason(400, 'Product can not be bought')).toBe('notPurchasable');
    expect(rejectionReason(400, 'Product is not sold in this store')).toBe('notInStore');
    expect(rejectionReason(404, 'product not found')).toBe('unknown');
    expect(rejectionReason(503, 'database busy')).toBe('failed');
    expect(rejectionReason(400, 'basketNum: required')).toBe('failed');
  });
  it('keeps only well-formed rejections from the notice cookie', () => {
    expect(
      readRejections([
        { entry: 'abc', reason: 'unreadable' },
        { entry: 1, reason: 'unknown' },
        { entry: 'x', reason: 'other' },
        'y',
      ]),
    ).toEqual([{ entry: 'abc', reason: 'unreadable' }]);
    expect(readRejections({})).toEqual([]);
  });
});

describe('checkout routing', () => {
  const base = { edit: false, previousPage: null, isAuthorized: false, isGuest: false };
  it('goes back when editing', () => {
    expect(checkoutTarget({ ...base, edit: true, previousPage: '/review-order/' })).toBe('/review-order/');
  });
  it('sends authorized and guest users to review order', () => {
    expect(checkoutTarget({ ...base, isAuthorized: true })).toBe('/review-order/');
    expect(checkoutTarget({ ...base, isGuest: true })).toBe('/review-order/');
  });
  it('sends everyone else to sign-in', () => {
    expect(checkoutTarget(base)).toBe('/signin/');
  });
});

describe('cart sources', () => {
  it('differ on line count or SKUs, not on order', () => {
    expect(cartSourcesDiffer(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(cartSourcesDiffer(['a'], ['a', 'b'])).toBe(true);
    expect(cartSourcesDiffer(['a', 'c'], ['a', 'b'])).toBe(true);
  });
});

describe('reload flags after edits', () => {
  it('marks shipping, and basket on removal, for authorized users and real guests', () => {
    expect(reloadFlagsAfterEdit({ isAuthorized: true, isGuest: false, isAlmostGuest: false }, false)).toEqual([
      'shipping',
    ]);
    expect(reloadFlagsAfterEdit({ isAuthorized: false, isGuest: true, isAlmostGuest: false }, true)).toEqual([
      'shipping',
      'basket',
    ]);
    expect(reloadFlagsAfterEdit({ isAuthorized: false, isGuest: true, isAlmostGuest: true }, true)).toEqual([]);
    expect(reloadFlagsAfterEdit({ isAuthorized: false, isGuest: false, isAlmostGuest: false }, true)).toEqual([]);
  });
});

describe('refresh when the tab comes back', () => {
  const back = { visible: true, showsBasket: true, calculating: false, reading: false };
  it.each([
    ['a visible tab with a settled basket', back, true],
    ['a hidden tab', { ...back, visible: false }, false],
    ['no basket, or a failed first load', { ...back, showsBasket: false }, false],
    ['an edit waiting for its answer', { ...back, calculating: true }, false],
    ['a read already running', { ...back, reading: true }, false],
  ])('%s', (_name, state, expected) => {
    expect(refreshesOnReturn(state)).toBe(expected);
  });
});

describe('ordered baskets', () => {
  it('are recognised by the basket answer, as a boolean or a number', () => {
    expect(isOrdered({ ordered: true })).toBe(true);
    expect(isOrdered({ ordered: 1 })).toBe(true);
    expect(isOrdered({ ordered: false })).toBe(false);
    expect(isOrdered({ ordered: 0 })).toBe(false);
    expect(isOrdered({})).toBe(false);
    expect(isOrdered(undefined)).toBe(false);
  });
  it('make an add start a new basket, only when it was refused as ordered', () => {
    expect(startsNewBasket(409, 'abc')).toBe(true);
    expect(startsNewBasket(409, undefined)).toBe(false);
    expect(startsNewBasket(400, 'abc')).toBe(false);
    expect(startsNewBasket(404, 'abc')).toBe(false);
  });
});
