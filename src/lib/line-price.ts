import { intlLocale, type Locale } from '~/lib/i18n/locales';

/**
 * How a line's price is shown so that it adds up where the shopper can see it.
 *
 * The store charges a line the unit price times the quantity kept to a hundredth of a cent, and
 * rounds once, up, on the subtotal (spec: "subtotal is the sum of item extprice rounded up to whole
 * cents"). A unit price may carry fractions of a cent (58.455). Rounding the unit to cents for
 * display would break either unit × quantity = line total or line totals adding up to the
 * subtotal, so the unit is shown as the store charges it: whole cents, plus the extra digits only
 * when the price has them ($58.455), and the line total is exactly unit × quantity, shown the same
 * way ($116.91, or $175.365 for three). The subtotal stays the spec's rounded-up sum.
 */

/** Prices are kept to a hundredth of a cent; work in those units to avoid float drift. */
const UNITS = 10000;
const toUnits = (amount: number) => Math.round(amount * UNITS);

export interface LinePrice {
  /** The unit price the store charges, to a hundredth of a cent. */
  unit: number;
  quantity: number;
  /** unit × quantity, exactly, to a hundredth of a cent. */
  total: number;
}

/** The shown unit price and line total of a line: the total is always the shown unit × quantity. */
export function linePrice(unitPrice: number, quantity: number): LinePrice {
  const unit = toUnits(unitPrice);
  const count = Math.max(0, Math.trunc(quantity));
  return { unit: unit / UNITS, quantity: count, total: (unit * count) / UNITS };
}

/** Fraction digits that show an amount exactly: 2 for whole cents, up to 4 for fractions of a cent. */
export function fractionDigits(amount: number): 2 | 3 | 4 {
  const units = Math.abs(toUnits(amount));
  if (units % 100 === 0) return 2;
  return units % 10 === 0 ? 3 : 4;
}

/** The machine value of an amount with the digits it is shown with (for `<data value>` and parsers). */
export function exactValue(amount: number): string {
  return amount.toFixed(fractionDigits(amount));
}

const formats = new Map<string, Intl.NumberFormat>();

/** USD in the shopper's locale with every digit the store charges (never rounded to cents). */
export function formatExactMoney(locale: Locale, amount: number): string {
  const digits = fractionDigits(amount);
  const key = `${locale}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}
