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

/**
 * Amounts at one scale of at least cents, so that they add exactly: their digits, and how many of
 * those make a cent. What is not an amount counts as 0.
 */
function atOneScale(values: readonly unknown[]): { digits: bigint[]; cent: bigint } {
  const amounts = values.map((value) => decimalOf(value) ?? { digits: 0n, scale: 0 });
  const scale = Math.max(2, ...amounts.map((amount) => amount.scale));
  return {
    digits: amounts.map((amount) => amount.digits * TEN ** BigInt(scale - amount.scale)),
    cent: TEN ** BigInt(scale - 2),
  };
}

/**
 * A store-API amount in cents, rounded half away from zero (58.455 → 5846, the way the store rounds
 * a line on its invoice). Missing, null or non-numeric values read as 0, as every other field does.
 */
export function centsOf(value: unknown): Cents {
  const {
    digits: [digits = 0n],
    cent,
  } = atOneScale([value]);
  const size = ((digits < 0n ? -digits : digits) * 2n + cent) / (2n * cent);
  return Number(digits < 0n ? -size : size);
}

/** An amount an answer may leave out: missing or null stays undefined, anything else reads as centsOf reads it. */
export function optionalCents(value: unknown): Cents | undefined {
  return value === undefined || value === null ? undefined : centsOf(value);
}

/**
 * Spec: the subtotal is the sum of the items' extprice rounded up to whole cents. The store's line
 * totals are summed exactly as sent, fractions of a cent included, and rounded once: the subtotal is
 * what the store charges, not the sum of the line totals after each was rounded.
 */
export function subtotalOf(lineTotals: readonly unknown[]): Cents {
  const { digits, cent } = atOneScale(lineTotals);
  // Line totals are not negative: adding a cent less one before bigint division rounds up.
  return Number((digits.reduce((sum, line) => sum + line, 0n) + cent - 1n) / cent);
}

/**
 * The line totals a shopper reads: whole cents that add up exactly to the spec's `subtotal` of
 * their exact totals, so that a column of lines sums to the figure under it. Lines whose exact
 * totals carry fractions of a cent each round on their own to a sum a cent or two away from it
 * (175.365 + 23.2275 + 6.6666 rounds to $205.27, charged $205.26). Largest remainder: every line is
 * its exact total rounded down, and the cents still missing go one each to the lines that dropped
 * the largest fractions (the earlier line on a tie), so every line is within a cent of its exact
 * total and a line already in whole cents is shown as it is.
 */
export function shownLineTotals(lineTotals: readonly unknown[], subtotal: Cents): Cents[] {
  const { digits, cent } = atOneScale(lineTotals);
  // Line totals are not negative: bigint division rounds them down.
  const lines = digits.map((exact) => ({ shown: exact / cent, dropped: exact % cent }));
  let missing = subtotal - Number(lines.reduce((sum, line) => sum + line.shown, 0n));
  // Array sort is stable: of lines that dropped as much, the earlier comes first.
  for (const line of [...lines].sort((a, b) => Number(b.dropped - a.dropped))) if (missing-- > 0) line.shown++;
  return lines.map((line) => Number(line.shown));
}

/** A store-API amount as exact decimal text ("58.455"), to pass on without a float's rounding. */
export function decimalText(value: unknown): string | null {
  const decimal = decimalOf(value);
  if (!decimal) return null;
  const { digits, scale } = decimal;
  const text = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, '0');
  const point = text.length - scale;
  return `${digits < 0n ? '-' : ''}${text.slice(0, point)}${scale ? `.${text.slice(point)}` : ''}`;
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
