// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslate } from '~/lib/i18n/translate';
import { messagesFor } from '~/lib/i18n/messages';
import { toBasket } from '~/lib/store-api/basket';
import CartIsland from '~/features/cart/CartIsland';
import CartLineItem from '~/features/cart/CartLineItem';
import type { CartLine } from '~/features/cart/cart';

afterEach(cleanup);

const t = createTranslate(messagesFor(CartIsland, 'en'));

/** A read-only line of `quantity` at `unit` (the store's decimal text), `base` its list price. */
function lineOf(quantity: number, unit: number, base: number): CartLine {
  const basket = toBasket({
    BASKET: [
      {
        product_id: 990002,
        sku: '9900002',
        name: 'Gasket',
        description: '',
        product_url: '',
        ship_class: 'now',
        quantity,
        inventory: 50,
        pricediscounted: unit,
        extprice: Number((unit * quantity).toFixed(4)),
        base_price: base,
        saved_amount: Math.round((base - unit) * quantity * 100) / 100,
        percentagesaved: 10,
        mfg_account_id: 1,
        customer_can_buy: 1,
      },
    ],
    ORDER: { orderTotal: 0, shipping: 0, tax: 0 },
  });
  const item = basket?.BASKET[0];
  if (!item) throw new Error('the line decodes');
  return { item, draft: String(quantity), deleted: false, previousQuantity: quantity, queued: false, pending: false };
}

function drawn(line: CartLine) {
  const { container } = render(
    <CartLineItem
      line={line}
      locale="en"
      t={t}
      storeId="marine"
      brand=""
      showsInventoryWarning
      delays={[]}
      banned={false}
    />,
  );
  const text = (selector: string) => container.querySelector(selector)?.textContent?.trim() ?? null;
  return { unit: text('.cart-line__unit'), total: text('.cart-line__total'), was: text('.price-block__was') };
}

describe('a cart line says what its quantity costs', () => {
  it('as quantity × unit where that is the line total', () => {
    expect(drawn(lineOf(2, 10, 12)).unit).toBe('Price 2 × $10.00');
  });

  it('as the quantity for the line total where the unit carries fractions of a cent', () => {
    // 3 × 7.7425 = 23.2275: charged $23.23, while 3 × $7.74 would read $23.22.
    const line = drawn(lineOf(3, 7.7425, 8.6));
    expect(line.total).toBe('Line total $23.23');
    expect(line.unit).toBe('3 for $23.23');
  });

  it('strikes the list price of the whole line, as the total above it is the line', () => {
    // A list price of $8.60 each: $25.80 for the three, saving $2.57 on the line.
    expect(drawn(lineOf(3, 7.7425, 8.6)).was).toBe('List price $25.80');
  });
});
