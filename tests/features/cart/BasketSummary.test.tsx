// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import BasketSummary from '~/features/cart/BasketSummary';
import { pickMessages } from '~/lib/i18n/messages';

afterEach(cleanup);

const basket = {
  ORDER: { basketNum: 'b1', orderTotal: 30.3, shipping: 9.95, tax: 0.35, group_menu_id: 0 },
  BASKET: [
    { product_id: 1, sku: 'A-1', name: 'Impeller', description: '', product_url: '', ship_class: 'now', quantity: 2, inventory: 5, pricediscounted: 10.0, extprice: 20.0, base_price: 10, mfg_account_id: 1, customer_can_buy: 1 },
  ],
};

describe('BasketSummary', () => {
  it('shows rows and totals of the given basket with an edit link', () => {
    render(<BasketSummary locale="en" messages={pickMessages('en', ['cart', 'common'])} basketNum="b1" basket={basket} />);
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeTruthy();
    expect(screen.getByText(/2 × Impeller/)).toBeTruthy();
    expect(screen.getByTestId('subtotal').textContent).toBe('$20.00');
    expect(screen.getByTestId('total').textContent).toBe('$30.30');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/?edit=true');
  });
  it('links the edit button to the cart when it shows Checkout', () => {
    render(<BasketSummary locale="fr" messages={pickMessages('fr', ['cart', 'common'])} basketNum="b1" basket={basket} showCheckout />);
    expect(screen.getByRole('link', { name: 'Modifier' }).getAttribute('href')).toBe('/fr/');
    expect(screen.getByRole('link', { name: 'Commander' }).getAttribute('href')).toBe('/fr/review-order/');
  });
});
