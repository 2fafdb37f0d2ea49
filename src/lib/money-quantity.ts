import { centsOf, type Cents } from '~/lib/money';

/**
 * What `quantity` of a unit price come to, in cents: the unit price as exact decimal text
 * ("58.455", as bulk add's lookup passes it on) multiplied exactly, then rounded once as `centsOf`
 * rounds (3 × 58.455 → 17537). Apart from `money.ts`, as only bulk add multiplies a price itself.
 */
export function centsOfQuantity(unitPrice: string, quantity: number): Cents {
  const [whole = '', fraction = ''] = unitPrice.trim().split('.');
  const digits = (BigInt(`${whole}${fraction}` || '0') * BigInt(Math.trunc(quantity)))
    .toString()
    .padStart(fraction.length + 1, '0');
  const point = digits.length - fraction.length;
  return centsOf(`${digits.slice(0, point)}.${digits.slice(point)}`);
}
