import { intlLocale, type Locale } from '~/lib/i18n/locales';

/**
 * Money in the store front end: integer cents of USD, from the store API's decoders to the screen.
 *
 * The store API sends decimal dollars, and a backend may send fractions of a cent (a unit price of
 * 58.455, a line total of 175.365). They are read here once, at the decoders, as decimal digits
 * rather than binary floats, so 58.455 is exactly 58.455 and never 58.4549999. Everything after the
 * decoders adds and compares whole cents exactly, and every amount a shopper reads is whole cents.
 */

/** A whole number of cents. */
export type Cents = number;

interface Decimal {
  /** The amount's digits, sign included, without the decimal point. */
  digits: bigint;
  /** How many of the digits are after the point. */
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A number or numeric text as decimal digits; null when it is not a finite amount. */
function decimalOf(value: unknown): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that reads back as the same number: 58.455 stays "58.455".
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(20).replace(/0+$/, '');
  } else if (typeof value === 'string') text = value.trim();
  else return null;
  const match = DECIMAL.exec(text);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || whole + fraction === '') return null;
  return { digits: BigInt(`${sign}${whole || '0'}${fraction}`), scale: fraction.length };
}

const TEN = 10n;

/** The amount at `scale` fraction digits (the caller never asks for fewer digits than it has). */
function atScale(amount: Decimal, scale: number): bigint {
  return amount.digits * TEN ** BigInt(scale - amount.scale);
}

/**
 * A store-API amount in cents, rounded half away from zero (58.455 → 5846, the way the store rounds
 * a line on its invoice). Missing, null or non-numeric values read as 0, as every other field does.
 */
export function centsOf(value: unknown): Cents {
  const amount = decimalOf(value);
  if (!amount) return 0;
  if (amount.scale <= 2) return Number(atScale(amount, 2));
  const divisor = TEN ** BigInt(amount.scale - 2);
  const whole = amount.digits / divisor;
  const rest = amount.digits % divisor;
  const away = (rest < 0n ? -rest : rest) * 2n >= divisor;
  return Number(away ? whole + (amount.digits < 0n ? -1n : 1n) : whole);
}

/**
 * A store-API amount in cents when it is whole cents; null when it carries fractions of a cent, so
 * that what a quantity of it comes to is known only from the store's own line total.
 */
export function wholeCentsOf(value: unknown): Cents | null {
  const amount = decimalOf(value);
  if (!amount) return null;
  if (amount.scale <= 2) return Number(atScale(amount, 2));
  return amount.digits % TEN ** BigInt(amount.scale - 2) === 0n ? centsOf(value) : null;
}

/**
 * Spec: the subtotal is the sum of the items' extprice rounded up to whole cents. The store's line
 * totals are summed exactly as sent, fractions of a cent included, and rounded once: the subtotal is
 * what the store charges, not the sum of the line totals after each was rounded.
 */
export function subtotalOf(lineTotals: readonly unknown[]): Cents {
  const amounts = lineTotals.map((total) => decimalOf(total) ?? { digits: 0n, scale: 0 });
  const scale = Math.max(2, ...amounts.map((amount) => amount.scale));
  const sum = amounts.reduce((total, amount) => total + atScale(amount, scale), 0n);
  const divisor = TEN ** BigInt(scale - 2);
  const whole = sum / divisor;
  return Number(sum % divisor > 0n ? whole + 1n : whole);
}

/** Division rounded towards minus infinity (bigint division rounds towards zero). */
function floorDiv(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  return dividend % divisor < 0n ? quotient - 1n : quotient;
}

/**
 * The line totals a shopper reads: whole cents that add up exactly to the `subtotal` charged, so
 * that a column of lines sums to the figure under it. Lines whose exact totals carry fractions of a
 * cent each round on their own to a sum a cent or two away from the subtotal (175.365 + 23.2275 +
 * 6.6666 rounds to $205.27, charged $205.26). Largest remainder: every line is its exact total
 * rounded down, and the cents still missing go one each to the lines that dropped the largest
 * fractions (the earlier line on a tie). With the spec's subtotal every line is then within a cent
 * of its exact total, and a line already in whole cents is shown as it is. A subtotal further off
 * (a store whose figures disagree) is still met, a cent a line at a time.
 */
export function shownLineTotals(lineTotals: readonly unknown[], subtotal: Cents): Cents[] {
  if (lineTotals.length === 0) return [];
  const amounts = lineTotals.map((total) => decimalOf(total) ?? { digits: 0n, scale: 0 });
  const scale = Math.max(2, ...amounts.map((amount) => amount.scale));
  const divisor = TEN ** BigInt(scale - 2);
  const lines = amounts.map((amount, index) => {
    const exact = atScale(amount, scale);
    const floor = floorDiv(exact, divisor);
    return { index, floor, dropped: exact - floor * divisor };
  });
  const byDropped = [...lines].sort((a, b) =>
    a.dropped === b.dropped ? a.index - b.index : a.dropped > b.dropped ? -1 : 1,
  );
  const missing = BigInt(subtotal) - lines.reduce((sum, line) => sum + line.floor, 0n);
  const count = BigInt(lines.length);
  // Cents to take back (a subtotal below the lines' floors) come from the smallest fractions first.
  const order = missing < 0n ? byDropped.reverse() : byDropped;
  const step = missing < 0n ? -1n : 1n;
  const each = missing / count;
  const extra = (missing < 0n ? -missing : missing) % count;
  const shown = lines.map((line) => line.floor + each);
  order.forEach((line, rank) => {
    if (BigInt(rank) < extra) shown[line.index] = (shown[line.index] ?? 0n) + step;
  });
  return shown.map(Number);
}

/**
 * `quantity` times a store-API amount, exactly, as decimal text (3 × 7.7425 → "23.2275"); null
 * when the amount is not one. With a quantity of 1 it is the amount itself as exact text, to pass
 * on without a binary float's rounding.
 */
export function timesExactly(amount: unknown, quantity: number): string | null {
  const decimal = decimalOf(amount);
  if (!decimal || !Number.isInteger(quantity)) return null;
  const digits = decimal.digits * BigInt(quantity);
  const size = (digits < 0n ? -digits : digits).toString().padStart(decimal.scale + 1, '0');
  const whole = size.slice(0, size.length - decimal.scale);
  const fraction = size.slice(size.length - decimal.scale);
  return `${digits < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Spec: the total is the subtotal plus shipping plus tax. */
export function totalOf(subtotal: Cents, shipping: Cents, tax: Cents): Cents {
  return subtotal + shipping + tax;
}

/** Cents as dollars, for the few amounts the front end sends back out (analytics). */
export function dollarsOf(cents: Cents): number {
  return cents / 100;
}

/** The machine value of an amount ("175.37"), for `<data value>` and parsers. */
export function moneyValue(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const size = Math.abs(cents);
  return `${sign}${Math.trunc(size / 100)}.${String(size % 100).padStart(2, '0')}`;
}

const formats = new Map<Locale, Intl.NumberFormat>();

/** USD in the shopper's locale, always in whole cents: the one way an amount is written. */
export function formatMoney(locale: Locale, cents: Cents): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(locale, format);
  }
  return format.format(cents / 100);
}
