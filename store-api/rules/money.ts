/** Money rules shared by shipping, checkout and orders (spec shopping §3, checkout §9). */

/** Rounds to whole cents, half away from zero, without binary noise (1.005 -> 1.01). */
export function roundCents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + 1e-7) / 100;
}

/** The subtotal is the sum of line extprices rounded up to whole cents. */
export function subtotalOf(extPrices: readonly number[]): number {
  const sum = extPrices.reduce((total, value) => total + value, 0);
  return Math.ceil(sum * 100 - 1e-7) / 100;
}

export function extPrice(unitPrice: number, quantity: number): number {
  return roundCents(unitPrice * quantity);
}
