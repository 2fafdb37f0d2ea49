// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PaymentSuccessView from '~/features/payment-success/PaymentSuccessView';
import { invoiceSeller } from '~/components/invoice/seller';
import { stores } from '~/stores';
import { dictionaries } from '~/lib/i18n/messages';
import { createTranslate } from '~/lib/i18n/translate';
import { parseInvoice, type Invoice } from '~/lib/store-api/receipt';
import { ADDRESS } from '../../support/review-order-fixtures';

afterEach(cleanup);

const invoice = parseInvoice({
  order_no_display: 701001,
  invoice_num: '3700001',
  date_ordered: '20261122153000',
  billing: ADDRESS,
  shipping: { ...ADDRESS, firstname: 'Bo' },
  order_items: [{ sku: '6CE-44352-00', name: 'Impeller', quantity: 2, price: 12, your_price: 10, ext_price: 20 }],
  subtotal: 20,
  tax: 1.5,
  ship_type: 'standard',
  ship_charge: 8,
  total: 29.5,
}) as Invoice;

const props = {
  t: createTranslate(dictionaries.en),
  locale: 'en' as const,
  customer: true,
  storefrontUrl: 'https://shop.example/',
  contactFormUrl: 'https://www.marineparts.example/contact_us.html#contact-form',
  supportPhone: '+1 (800) 555-0134',
  supportEmail: 'support@example.com',
  seller: invoiceSeller(stores.marine, 'https://shop.example/', 'en'),
  lookupAction: '/order-info/?_action=orders.lookup',
  sameAddress: '/payment-success/?token=EC-1',
};
const success = { kind: 'success', orderNo: '701001', invoice, payMethod: 'cc', email: 'ana@example.com' } as const;

describe('payment success as the server draws it', () => {
  it('shows the thanks, the order and its whole invoice; every action works without a script', () => {
    render(<PaymentSuccessView {...props} view={success} />);
    expect(screen.getByRole('heading', { name: 'Your order has been received' })).toBeTruthy();
    expect(screen.getAllByText('701001')).toHaveLength(2);
    expect(screen.getByText('Thank you, Ana!')).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Arrives in 3-5 business days')).toBeTruthy();
    expect(screen.getByText('$29.50')).toBeTruthy();
    // Track order posts the order's lookup: the e-mail stays out of the address.
    const track = screen.getByRole('button', { name: 'Track order' }).closest('form');
    expect(track?.getAttribute('method')).toBe('post');
    expect(Object.fromEntries(new FormData(track ?? undefined))).toEqual({
      email: 'ana@example.com',
      mode: 'order',
      order_no: '701001',
    });
    // Print waits for the page's script; the browser's own Print prints the same.
    const print = screen.getByText('Print invoice');
    expect(print.tagName).toBe('BUTTON');
    expect(print.closest<HTMLElement>('[data-print]')?.hidden).toBe(true);
  });

  it('names no confirmation address the order does not give, and asks for payment for an order not yet paid', () => {
    render(<PaymentSuccessView {...props} view={{ ...success, email: null, payMethod: 'ol' }} customer={false} />);
    expect(screen.queryByText('Confirmation sent to')).toBeNull();
    expect(screen.getByText(/quote order number 701001/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track order' }).getAttribute('href')).toBe('/order-info/?order_no=701001');
  });

  it('quotes the order number on the critical wallet error, and nothing when no order was made', () => {
    render(<PaymentSuccessView {...props} view={{ kind: 'walletError', orderNo: '701001' }} />);
    expect(screen.getByRole('heading', { name: 'PayPal error' })).toBeTruthy();
    expect(screen.getByText('Reference: 701001')).toBeTruthy();
    cleanup();
    render(<PaymentSuccessView {...props} view={{ kind: 'walletError', orderNo: null }} />);
    expect(screen.queryByText(/Reference:/)).toBeNull();
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
  });

  it('offers Try again on the same address after a lost confirmation, never saying nothing was placed', () => {
    render(<PaymentSuccessView {...props} view={{ kind: 'walletUnconfirmed', orderNo: null }} />);
    expect(screen.getByRole('heading', { name: 'We could not confirm your PayPal payment' })).toBeTruthy();
    expect(screen.queryByText(/has not been placed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/payment-success/?token=EC-1');
  });

  it('tells an order it cannot find from one it cannot read just now', () => {
    render(<PaymentSuccessView {...props} view={{ kind: 'missing' }} />);
    expect(screen.getByText(/could not find the invoice/)).toBeTruthy();
    cleanup();
    render(<PaymentSuccessView {...props} view={{ kind: 'unavailable' }} sameAddress="/payment-success/" />);
    expect(screen.getByText(/Your order has been placed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reload' }).getAttribute('href')).toBe('/payment-success/');
  });
});
