import type { BasketItem } from '~/lib/store-api/basket';

/** The cart's totals (spec: subtotal, total, item count), shared by the cart and review order's summary. */

/** Whole cents of an amount, tolerant of binary noise such as 0.1 + 0.2. */
function toCents(amount: number): number {
  return Math.round(amount * 100 * 1e6) / 1e6;
}

/** Spec: subtotal is the sum of item extprice rounded up to whole cents. */
export function subtotalOf(items: readonly Pick<BasketItem, 'extprice'>[]): number {
  const cents = items.reduce((sum, item) => sum + toCents(item.extprice), 0);
  return Math.ceil(Math.round(cents * 1e6) / 1e6) / 100;
}

/** Spec: total is subtotal plus shipping plus tax. */
export function totalOf(subtotal: number, shipping: number, tax: number): number {
  return Math.round((subtotal + shipping + tax) * 100) / 100;
}

export function itemCount(items: readonly Pick<BasketItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * The store sets shipping and tax only once a shipping option is priced (review order): until
 * then both are 0, which must not read as free shipping and no tax.
 */
export function shippingNotPriced(order: { shipping: number; tax: number } | undefined): boolean {
  return !order || (order.shipping === 0 && order.tax === 0);
}
