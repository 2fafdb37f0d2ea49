import type { BasketItem } from '~/lib/store-api/basket';

/** The cart's item count and whether shipping is priced, shared by the cart and review order's summary. */

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
