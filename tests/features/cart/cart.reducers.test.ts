import { describe, expect, it } from 'vitest';
import {
  applyBasket,
  cartFromBasket,
  dropQueued,
  isCalculating,
  leaveLineQuantity,
  lineProblem,
  moveCart,
  noBasket,
  removalBlocked,
  removeCartLine,
  sendLineQuantity,
  toLine,
  typeLineQuantity,
  type CartState,
} from '~/features/cart/cart';
import { toBasket, type Basket } from '~/lib/store-api/basket';
import twoLines from './fixtures/two-lines.json';

/** The fixture is the store API's answer; the cart sees it as the client module reads it. */
function basketOf(answer: unknown): Basket {
  const read = toBasket(answer);
  if (!read) throw new Error('the fixture is not a basket');
  return read;
}

const basket = basketOf(twoLines);
const [impeller, gasket] = basket.BASKET as [Basket['BASKET'][number], Basket['BASKET'][number]];
const start = (): CartState => cartFromBasket('B1', basket, 'ok', false);
const lineOf = (cart: CartState, productId: number) => cart.lines.find((line) => line.item.product_id === productId);
const problemOf = (cart: CartState, productId: number) => {
  const line = lineOf(cart, productId);
  return line ? lineProblem(line) : undefined;
};

describe('cart from the server-rendered basket', () => {
  it('shows every line as the store sent it, nothing typed or waiting', () => {
    const cart = start();
    expect(cart.basketNum).toBe('B1');
    expect(cart.order).toEqual(basket.ORDER);
    expect(cart.lines).toEqual(basket.BASKET.map(toLine));
    expect(lineOf(cart, 15732)).toEqual({
      item: gasket,
      draft: '2',
      deleted: false,
      previousQuantity: 2,
      queued: false,
      pending: false,
    });
    expect(isCalculating(cart)).toBe(false);
  });

  it('a finished basket or a failed load has no lines', () => {
    expect(cartFromBasket('B1', null, 'error', false)).toEqual({
      basketNum: 'B1',
      order: undefined,
      lines: [],
      load: 'error',
    });
    expect(cartFromBasket('B1', null, 'ok', true)).toEqual({
      basketNum: 'B1',
      order: undefined,
      lines: [],
      load: 'ok',
      ordered: true,
    });
  });
});

describe('quantity edits', () => {
  it('a typed quantity waits for its debounce: the cart is calculating, the line total not yet moved', () => {
    const cart = typeLineQuantity(start(), 2043, '3');
    expect(lineOf(cart, 2043)).toMatchObject({ draft: '3', queued: true, item: impeller });
    expect(isCalculating(cart)).toBe(true);
    expect(removalBlocked(cart)).toBe(false);
  });

  it('a quantity that cannot be sent says why and waits for nothing', () => {
    const cart = typeLineQuantity(typeLineQuantity(start(), 2043, '3'), 2043, '0');
    expect(lineOf(cart, 2043)).toMatchObject({ draft: '0', queued: false });
    expect(problemOf(cart, 2043)).toBe('min');
    expect(isCalculating(cart)).toBe(false);
    expect(problemOf(typeLineQuantity(cart, 2043, '4'), 2043)).toBeNull();
  });

  it('a field left with a quantity that cannot be sent shows the store quantity again, and no problem', () => {
    const refused = typeLineQuantity(start(), 2043, '10000');
    expect(problemOf(refused, 2043)).toBe('max');
    const left = leaveLineQuantity(refused, 2043);
    expect(lineOf(left, 2043)?.draft).toBe(String(impeller.quantity));
    expect(problemOf(left, 2043)).toBeNull();
    // A quantity that can be sent stays as typed.
    const typed = typeLineQuantity(start(), 2043, '3');
    expect(leaveLineQuantity(typed, 2043)).toEqual(typed);
  });

  it('sending keeps the store amounts until it answers and blocks removals', () => {
    const cart = sendLineQuantity(typeLineQuantity(start(), 15732, '3'), 15732);
    expect(lineOf(cart, 15732)).toMatchObject({ draft: '3', queued: false, pending: true, item: gasket });
    expect(isCalculating(cart)).toBe(true);
    expect(removalBlocked(cart)).toBe(true);
  });

  it('the end of a session drops the quantities still waiting', () => {
    const cart = dropQueued(typeLineQuantity(start(), 2043, '3'));
    expect(isCalculating(cart)).toBe(false);
    const idle = start();
    expect(dropQueued(idle)).toBe(idle);
  });
});

describe('removal', () => {
  it('keeps the line, marked deleted, with the quantity Restore adds back', () => {
    const cart = removeCartLine(typeLineQuantity(start(), 15732, '5'), 15732);
    expect(lineOf(cart, 15732)).toEqual({
      item: gasket,
      draft: '2',
      deleted: true,
      previousQuantity: 2,
      queued: false,
      pending: true,
    });
  });
});

describe('applying the store basket', () => {
  it('a removed line stays where it was shown, to be restored', () => {
    const removed = removeCartLine(start(), 2043);
    const cart = applyBasket(
      { ...removed, lines: removed.lines.map((line) => ({ ...line, pending: false })) },
      { ...basket, BASKET: [gasket] },
    );
    expect(cart.lines.map((line) => [line.item.product_id, line.deleted])).toEqual([
      [2043, true],
      [15732, false],
    ]);
  });

  it('a line still being typed in keeps its draft; the others take the store values', () => {
    const typing = typeLineQuantity(start(), 2043, '7');
    const cart = applyBasket(typing, {
      ...basket,
      BASKET: [
        { ...impeller, quantity: 2, extprice: 2000 },
        { ...gasket, quantity: 1, extprice: 1250 },
      ],
    });
    expect(lineOf(cart, 2043)).toMatchObject({ draft: '7', queued: true, item: { quantity: 2 } });
    expect(lineOf(cart, 15732)).toEqual(toLine({ ...gasket, quantity: 1, extprice: 1250 }));
  });

  it('new lines follow the shown ones in the store order', () => {
    const cart = applyBasket(cartFromBasket('B1', { ...basket, BASKET: [gasket] }, 'ok', false), {
      ...basket,
      BASKET: [impeller, gasket],
    });
    expect(cart.lines.map((line) => line.item.product_id)).toEqual([15732, 2043]);
  });

  it('an emptied basket drops its number', () => {
    const cart = applyBasket(start(), { ...basket, BASKET: [] });
    expect(cart.basketNum).toBeUndefined();
    expect(cart.order).toBeUndefined();
  });

  it('a basket that became an order keeps its number and shows no lines', () => {
    expect(applyBasket(start(), basketOf({ ...twoLines, ORDER: { ...twoLines.ORDER, ordered: 1 } }))).toEqual({
      basketNum: 'B1',
      order: undefined,
      lines: [],
      load: 'ok',
      ordered: true,
    });
  });
});

describe('moving to another basket', () => {
  it('takes the new number and forgets that the old basket was ordered', () => {
    expect(moveCart(cartFromBasket('B1', null, 'ok', true), 'B2')).toEqual({ ...noBasket(), basketNum: 'B2' });
  });
});
