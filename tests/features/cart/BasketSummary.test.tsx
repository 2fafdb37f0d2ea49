// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BasketSummary from '~/features/cart/BasketSummary';
import { pickMessages } from '~/lib/i18n/messages';
import { createTranslate } from '~/lib/i18n/translate';

afterEach(cleanup);

// Cents, as the basket's decoder gives them: lines of 20.005 and 0.1 make a subtotal of 20.11.
const items = [
  { product_id: 1, sku: 'A-1', name: 'Impeller', quantity: 2, extprice: 2001 },
  { product_id: 2, sku: 'B-2', name: 'Gasket', quantity: 1, extprice: 10 },
];
const order = { subtotal: 2011, shipping: 995, tax: 35 };
const t = (locale: 'en' | 'fr') => createTranslate(pickMessages(locale, ['cart', 'common']));

describe('BasketSummary', () => {
  it('shows rows and totals of the given basket, the subtotal the one the basket gives', () => {
    render(<BasketSummary locale="en" t={t('en')} status="ok" items={items} order={order} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Impeller/ })).getByText('2')).toBeTruthy();
    expect(screen.getByTestId('item-count').textContent).toBe('3');
    expect(screen.getByTestId('subtotal').textContent).toBe('$20.11');
    expect(screen.getByTestId('total').textContent).toBe('$30.41');
    expect(screen.getByText('(estimate)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit: Order summary' }).getAttribute('href')).toBe('/?edit=true');
  });

  it('links the edit button to the cart when it shows Checkout', () => {
    render(
      <BasketSummary
        locale="fr"
        t={t('fr')}
        status="ok"
        items={items}
        order={order}
        onRetry={() => undefined}
        showCheckout
      />,
    );
    expect(screen.getByRole('link', { name: /^Modifier/ }).getAttribute('href')).toBe('/fr/');
    expect(screen.getByRole('link', { name: 'Commander' }).getAttribute('href')).toBe('/fr/review-order/');
  });

  it('drops the estimate mark once shipping is chosen', () => {
    render(
      <BasketSummary
        locale="en"
        t={t('en')}
        status="ok"
        items={items}
        order={order}
        onRetry={() => undefined}
        shippingIsEstimate={false}
      />,
    );
    expect(screen.queryByText('(estimate)')).toBeNull();
    expect(screen.getByTestId('shipping').textContent).toBe('$9.95');
  });

  it('has loading, empty and error states, the error with a working Try again', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <BasketSummary locale="en" t={t('en')} status="loading" items={[]} order={undefined} onRetry={onRetry} />,
    );
    expect(screen.getByRole('status').textContent).toBe(t('en')('common.loading'));
    rerender(<BasketSummary locale="en" t={t('en')} status="ok" items={[]} order={undefined} onRetry={onRetry} />);
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    rerender(<BasketSummary locale="en" t={t('en')} status="error" items={[]} order={undefined} onRetry={onRetry} />);
    expect(within(screen.getByRole('alert')).getByText("can't get basket")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('en')('common.tryAgain') }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
