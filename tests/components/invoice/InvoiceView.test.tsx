// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceView } from '~/components/invoice/InvoiceView';
import { dictionaries } from '~/lib/i18n/messages';
import { createTranslate } from '~/lib/i18n/translate';
import { parseInvoice } from '~/lib/store-api/receipt';
import { invoiceSeller } from '~/components/invoice/seller';
import { stores } from '~/stores';

afterEach(cleanup);

const invoice = parseInvoice({
  order_no_display: 701001,
  invoice_num: '3700001',
  date_ordered: '20261122153000',
  billing: null,
  shipping: null,
  order_items: [
    { sku: '9900001', name: 'Kit', quantity: 3, price: 64.95, your_price: 58.455, ext_price: 175.37 },
    { sku: '2043', name: 'Impeller', quantity: 2, price: 24.31, your_price: 24.31, ext_price: 48.62 },
  ],
  subtotal: 223.99,
  tax: 0,
  ship_type: 'standard',
  ship_charge: 0,
  total: 223.99,
});

const seller = invoiceSeller(stores.cycle, 'https://www.cycleparts.example/', 'en');

describe('InvoiceView', () => {
  it("names the seller, the store's address and its contacts, above the order's facts", () => {
    if (!invoice) throw new Error('the invoice reads');
    const t = createTranslate(dictionaries.en);
    const { container } = render(
      <InvoiceView t={t} locale="en" invoice={invoice} orderNo="701001" payMethod="cc" seller={seller} />,
    );
    const address = container.querySelector('.invoice__body > address');
    expect([...(address?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Cycle Parts Store',
      '2150 South 300 West, Suite B',
      'Salt Lake City, UT 84115',
      'United States',
      '+1 (800) 555-0178 · support@cycleparts.example · www.cycleparts.example',
    ]);
    // The store's own mark heads the paper, beside its name: the site's header does not print.
    expect(address?.querySelector('strong img')?.getAttribute('src')).toBe('/logo-cycle.svg');
  });

  it("names the seller's country in the reader's language", () => {
    expect(invoiceSeller(stores.marine, 'https://shop.example/', 'es').address.at(-1)).toBe('Estados Unidos');
    expect(invoiceSeller(stores.marine, 'https://shop.example/', 'fr').address.at(-1)).toBe('États-Unis');
  });

  it('shows your price in the one line form: N × unit where it multiplies out, else N for the line total', () => {
    if (!invoice) throw new Error('the invoice reads');
    const t = createTranslate(dictionaries.en);
    const { container } = render(
      <InvoiceView t={t} locale="en" invoice={invoice} orderNo="701001" payMethod="cc" seller={seller} />,
    );
    const yourPrice = (sku: string) => {
      const row = [...container.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(sku));
      return within(row as HTMLElement).getAllByRole('cell')[4]?.textContent;
    };
    expect(yourPrice('9900001')).toBe('3 for $175.37');
    expect(yourPrice('2043')).toBe('2 × $24.31');
  });
});
