import { describe, expect, it } from 'vitest';
import {
  walletErrorReference,
  successRedirectTarget,
  walletConfirmation,
} from '~/features/payment-success/payment-success';
import { isAnswerLost } from '~/lib/api/answer-lost';
import { toCheckoutAnswer } from '~/lib/store-api/checkout';
import { parseInvoice, parseReceipt } from '~/lib/store-api/receipt';

const confirmation = (body: unknown) => {
  const answer = toCheckoutAnswer(body);
  return answer ? walletConfirmation(answer) : null;
};
const lost = (status: number, body: unknown) =>
  isAnswerLost(
    status === 0 ? { kind: 'offline', message: 'no connection' } : { kind: 'http', status, message: '', body },
  );

const invoice = {
  order_no_display: 701001,
  invoice_num: '3700001',
  date_ordered: '20261122153000',
  billing: {
    firstname: 'Ana',
    lastname: 'Diaz',
    company: '',
    address1: '1 Main St',
    address2: '',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    country: 'US^United States',
    phone: '3035550100',
    email: 'a@x.io',
  },
  shipping: null,
  order_items: [{ sku: 'A1', name: 'Impeller', quantity: 2, price: 10, your_price: 9.5, ext_price: 19 }],
  subtotal: 19,
  tax: 1.2,
  ship_type: 'standard',
  ship_charge: 8,
  total: 28.2,
};

describe('invoice parsing', () => {
  it('reads objects and JSON text', () => {
    const parsed = parseInvoice(invoice);
    expect(parsed?.order_no_display).toBe('701001');
    expect(parsed?.order_items[0]).toMatchObject({ price: 1000, your_price: 950, ext_price: 1900 });
    expect(parseInvoice(JSON.stringify(invoice))).toMatchObject({
      subtotal: 1900,
      tax: 120,
      ship_charge: 800,
      total: 2820,
    });
    // A backend's fractions of a cent are read as the decimals they are.
    const subCent = {
      ...invoice,
      order_items: [{ ...invoice.order_items[0], your_price: 58.455, ext_price: 175.365 }],
      subtotal: 175.37,
    };
    expect(parseInvoice(subCent)?.order_items[0]).toMatchObject({ your_price: 5846, ext_price: 17537 });
  });
  it('rejects broken invoices', () => {
    expect(parseInvoice('{not json')).toBeNull();
    expect(parseInvoice({ ...invoice, order_items: 'x' })).toBeNull();
    expect(parseReceipt({ ORDER_NO: 1 })).toBeNull();
    expect(parseReceipt({ ORDER_NO: 700001, JSONINVOICE: invoice })?.ORDER_NO).toBe('700001');
  });
});

describe('wallet confirmation', () => {
  const receipt = { ORDER_NO: 1, JSONINVOICE: invoice };
  it('needs CODE 0 and a receipt', () => {
    expect(confirmation({ CODE: 0, RECEIPT: receipt })?.ORDER_NO).toBe('1');
    expect(confirmation({ CODE: '0', RECEIPT: receipt })?.ORDER_NO).toBe('1');
    expect(confirmation({ CODE: 1, RECEIPT: receipt })).toBeNull();
    expect(confirmation({ RECEIPT: receipt })).toBeNull();
    expect(confirmation({ CODE: 0, RECEIPT: 'no' })).toBeNull();
    expect(confirmation(null)).toBeNull();
  });
  it('counts an answer as lost only when it never came from the store', () => {
    expect(lost(0, null)).toBe(true);
    expect(lost(504, { message: 'timed out', unanswered: true })).toBe(true);
    expect(lost(502, { message: 'unreachable', unanswered: true })).toBe(true);
    // The store's own failures and refusals are answers: the critical error stands.
    expect(lost(502, { message: 'bad gateway' })).toBe(false);
    expect(lost(500, { message: 'boom', unanswered: true })).toBe(false);
    expect(lost(409, { CODE: 2 })).toBe(false);
    expect(lost(200, { CODE: 0 })).toBe(false);
    expect(lost(504, null)).toBe(false);
  });
});

describe('nothing to show', () => {
  it('goes to the stored target page, on this site and not this page itself', () => {
    expect(successRedirectTarget('/order-info/?email=a%40b.example')).toBe('/order-info/?email=a%40b.example');
    expect(successRedirectTarget('/es/review-order/')).toBe('/es/review-order/');
    expect(successRedirectTarget(undefined)).toBe('/');
    expect(successRedirectTarget('/payment-success/')).toBe('/');
    expect(successRedirectTarget('/fr/payment-success/?token=EC-1')).toBe('/');
    expect(successRedirectTarget('//evil.example/')).toBe('/');
    expect(successRedirectTarget('https://evil.example/')).toBe('/');
  });
});

describe('wallet error reference', () => {
  it('quotes the order number the answer names, never anything else', () => {
    const receipt = {
      ORDER_NO: 700001,
      JSONINVOICE: {
        order_no_display: 701001,
        invoice_num: '1',
        date_ordered: '20261122153000',
        order_items: [],
        subtotal: 1,
        tax: 0,
        ship_type: 'standard',
        ship_charge: 0,
        total: 1,
      },
    };
    const reference = (body: unknown) => walletErrorReference(toCheckoutAnswer(body));
    expect(reference({ CODE: 4, RECEIPT: receipt })).toBe('701001');
    expect(reference({ CODE: 4, ORDER_NO: 'S10050' })).toBe('S10050');
    expect(reference({ CODE: 2 })).toBeNull();
    expect(reference({ message: 'injected fault 502', basketNum: '0123456789abcdef01234567' })).toBeNull();
    expect(reference(null)).toBeNull();
  });
});
