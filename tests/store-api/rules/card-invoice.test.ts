import { describe, expect, it } from 'vitest';
import { cardApproved, cardFieldProblem, passesLuhn } from '../../../store-api/rules/card.ts';
import { buildReceipt, compactTimestamp, manufacturerName } from '../../../store-api/rules/invoice.ts';

const today = new Date('2026-11-22T12:00:00Z');
const card = { cardNumber: '4111111111111111', csv: '123', exp_month: 12, exp_year: 2028 };

describe('card rules', () => {
  it('checks Luhn', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111')).toBe(false);
    expect(passesLuhn('41111111111111x1')).toBe(false);
  });

  it('approves the approving test number and declines the declining one', () => {
    expect(cardApproved(card, today)).toBe(true);
    expect(cardApproved({ ...card, cardNumber: '4000000000000002' }, today)).toBe(false);
  });

  it('declines a card expired last month, accepts one expiring this month', () => {
    expect(cardApproved({ ...card, exp_year: 2026, exp_month: 10 }, today)).toBe(false);
    expect(cardApproved({ ...card, exp_year: 2026, exp_month: 11 }, today)).toBe(true);
  });

  it('names malformed fields', () => {
    expect(cardFieldProblem(card, today)).toBeNull();
    expect(cardFieldProblem({ ...card, csv: '12' }, today)?.field).toBe('csv');
    expect(cardFieldProblem({ ...card, csv: '123456' }, today)?.field).toBe('csv');
    expect(cardFieldProblem({ ...card, exp_month: 0 }, today)?.field).toBe('exp_month');
    expect(cardFieldProblem({ ...card, exp_year: 2037 }, today)?.field).toBe('exp_year');
    expect(cardFieldProblem({ ...card, exp_year: 2036 }, today)).toBeNull();
  });
});

describe('receipt', () => {
  it('writes compact UTC timestamps', () => {
    expect(compactTimestamp(new Date('2026-11-22T15:30:00Z'))).toBe('20261122153000');
  });

  it('names manufacturers per store', () => {
    expect(manufacturerName('marine', 10)).toBe('Yamaha');
    expect(manufacturerName('cycle', 10)).toBe('Yamaha Parts');
    expect(manufacturerName('cycle', 24)).toBe('Suzuki');
    expect(manufacturerName('marine', 77)).toBe('Manufacturer 77');
  });

  it('adds up the total and shows the order number plus 1000', () => {
    const receipt = buildReceipt({
      orderNo: 700001,
      invoiceNum: '3700001',
      orderedAt: today,
      storeId: 'marine',
      billing: null,
      shipping: null,
      lines: [{ sku: 'A', name: 'Part', mfg_account_id: 2, quantity: 3, base_price: 10, price_discounted: 9.99 }],
      subtotal: 29.97,
      tax: 1.8,
      shipType: 'standard',
      shipCharge: 8.45,
    });
    expect(receipt.JSONINVOICE).toMatchObject({
      order_no_display: 701001,
      total: 40.22,
      date_ordered: '20261122120000',
    });
    expect(receipt.JSONINVOICE.order_items[0]).toEqual({
      sku: 'A',
      name: 'Part',
      quantity: 3,
      price: 10,
      your_price: 9.99,
      ext_price: 29.97,
    });
    expect(receipt.GAORDER).toEqual({
      order_no: 700001,
      display_name: '701001',
      ordertotal: 40.22,
      tax: 1.8,
      shipping: 8.45,
    });
  });
});
