import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReceipt } from '~/lib/store-api/receipt';
import { LOCALES } from '~/lib/i18n/locales';
import { lineRow } from '~/lib/line-price';
import { formatMoney, shownLineTotals, subtotalOf, totalOf } from '~/lib/money';
import { toBasket } from '~/lib/store-api/basket';
import { extPrice, orderTotal, subtotalOf as storeSubtotal } from '../../store-api/rules/basket.ts';
import { buildReceipt } from '../../store-api/rules/invoice.ts';

/**
 * Random baskets, unit prices with fractions of a cent among them, priced by the reference store's
 * own rules and read by the front end's decoders: every amount is whole cents, every row either
 * multiplies out or shows no multiplication, the subtotal is the spec's, the lines and the totals add
 * up, and a line shows the same total in the cart as on its receipt.
 */

/** A unit price in ten-thousandths of a dollar: whole cents or not. */
const unitUnits = fc.oneof(
  fc.integer({ min: 1, max: 200_000 }).map((cents) => cents * 100),
  fc.integer({ min: 10_000, max: 20_000_000 }),
);
const line = fc.record({ units: unitUnits, quantity: fc.integer({ min: 1, max: 40 }) });
const basket = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  shippingCents: fc.integer({ min: 0, max: 20_000 }),
  taxCents: fc.integer({ min: 0, max: 20_000 }),
});

/** The last group of digits after a separator: what a written amount shows after its point. */
const fractionDigits = (text: string) => /[.,](\d+)\D*$/.exec(text)?.[1]?.length ?? 0;

/** A line's exact total in ten-thousandths of a dollar, written as the store sends it. */
const exactLine = fc.integer({ min: 0, max: 50_000_000 });
const asDollars = (units: number) => `${Math.trunc(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;

describe('shownLineTotals over random baskets', () => {
  it('shows lines that sum exactly to the subtotal, each within a cent of its exact total', () => {
    fc.assert(
      fc.property(fc.array(exactLine, { minLength: 1, maxLength: 30 }), (units) => {
        const exact = units.map(asDollars);
        const subtotal = subtotalOf(exact);
        const shown = shownLineTotals(exact, subtotal);
        expect(shown.reduce((sum, line) => sum + line, 0)).toBe(subtotal);
        shown.forEach((line, index) => {
          expect(Number.isInteger(line)).toBe(true);
          expect(Math.abs(line * 100 - (units[index] ?? 0))).toBeLessThan(100);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('money over random baskets', () => {
  it('holds every rule from the store answer to the receipt', () => {
    fc.assert(
      fc.property(basket, ({ lines, shippingCents, taxCents }) => {
        const store = lines.map(({ units, quantity }, index) => {
          const unit = units / 10_000;
          return { product_id: index + 1, quantity, unit, extprice: extPrice(unit, quantity) };
        });
        const shipping = shippingCents / 100;
        const tax = taxCents / 100;
        const subtotal = storeSubtotal(store.map((entry) => entry.extprice));
        const read = toBasket({
          ORDER: { basketNum: 'B', orderTotal: orderTotal(subtotal, shipping, tax), shipping, tax },
          BASKET: store.map((entry) => ({
            product_id: entry.product_id,
            quantity: entry.quantity,
            pricediscounted: entry.unit,
            base_price: entry.unit,
            extprice: entry.extprice,
          })),
        });
        expect(read).not.toBeNull();
        if (!read) return;

        // The spec's subtotal, worked out here in ten-thousandths: the exact sum rounded up once.
        const exact = lines.reduce((sum, { units, quantity }) => sum + units * quantity, 0);
        expect(read.ORDER.subtotal).toBe(Math.ceil(exact / 100));

        // Totals add up, and the total is what the store charges.
        const total = totalOf(read.ORDER.subtotal, read.ORDER.shipping, read.ORDER.tax);
        expect(total).toBe(read.ORDER.subtotal + shippingCents + taxCents);
        expect(total).toBe(read.ORDER.orderTotal);

        const receipt = parseReceipt(
          buildReceipt({
            orderNo: 1,
            invoiceNum: '1',
            orderedAt: new Date(0),
            storeId: 'marine',
            billing: null,
            shipping: null,
            lines: store.map((entry) => ({
              sku: String(entry.product_id),
              name: 'Part',
              mfg_account_id: 1,
              quantity: entry.quantity,
              base_price: entry.unit,
              price_discounted: entry.unit,
            })),
            subtotal,
            tax,
            shipType: 'standard',
            shipCharge: shipping,
          }),
        );
        expect(receipt?.JSONINVOICE.subtotal).toBe(read.ORDER.subtotal);
        expect(receipt?.JSONINVOICE.total).toBe(total);

        // The lines shown add up to the subtotal, in the cart as on the receipt.
        expect(read.BASKET.reduce((sum, item) => sum + item.extprice, 0)).toBe(read.ORDER.subtotal);

        const amounts = [read.ORDER.subtotal, read.ORDER.shipping, read.ORDER.tax, total];
        read.BASKET.forEach((item, index) => {
          const { units, quantity } = lines[index] ?? { units: 0, quantity: 0 };
          const row = lineRow(item.quantity, item.pricediscounted, item.extprice);
          // A row multiplies out, or shows no multiplication; one with a whole-cent unit always multiplies.
          if (row.unit !== null) expect(row.quantity * row.unit).toBe(row.total);
          if (units % 100 === 0) expect(row.unit).toBe(units / 100);
          // The line total is within a cent of the store's exact one, and the same on the receipt.
          expect(Math.abs(row.total * 100 - units * quantity)).toBeLessThan(100);
          const invoiceLine = receipt?.JSONINVOICE.order_items[index];
          expect(invoiceLine?.ext_price).toBe(row.total);
          const invoiceRow = lineRow(
            invoiceLine?.quantity ?? 0,
            invoiceLine?.your_price ?? 0,
            invoiceLine?.ext_price ?? 0,
          );
          expect(invoiceRow).toEqual(row);
          amounts.push(item.pricediscounted, item.extprice, item.base_price);
        });

        // Whole cents everywhere, written with two fraction digits in every language.
        for (const amount of amounts) {
          expect(Number.isInteger(amount)).toBe(true);
          for (const locale of LOCALES) expect(fractionDigits(formatMoney(locale, amount))).toBe(2);
        }
      }),
      { numRuns: 300 },
    );
  });
});
