/** Basket rules of the spec (shopping sections 3 to 5), free of any storage. */

export interface ProductForSale {
  product_id: number;
  base_price: number;
  ship_class: string;
  customer_can_buy: number;
}

export type PurchaseRefusal = { status: 400; message: string } | null;

export const ZERO_PRICE_MESSAGE = 'Can not buy product with zero base price';
export const NOT_AVAILABLE_MESSAGE = 'Product is not available';
export const NOT_PURCHASABLE_MESSAGE = 'Product can not be bought';
export const QUANTITY_EXCEEDS_MESSAGE = 'The quantity requested exceeds our inventory';

/** A product can be bought only with a price above 0, a ship_class other than never, and the buy flag. */
export function purchaseRefusal(product: ProductForSale): PurchaseRefusal {
  if (!(product.base_price > 0)) return { status: 400, message: ZERO_PRICE_MESSAGE };
  if (product.ship_class === 'never') return { status: 400, message: NOT_AVAILABLE_MESSAGE };
  if (!product.customer_can_buy) return { status: 400, message: NOT_PURCHASABLE_MESSAGE };
  return null;
}

/** Prices may carry fractions of a cent; work in ten-thousandths to avoid float drift. */
const toUnits = (amount: number) => Math.round(amount * 10000);

export function roundCents(amount: number): number {
  return Math.round(toUnits(amount) / 100) / 100;
}

/** Line total, kept to a hundredth of a cent: rounding happens once on the subtotal. */
export function extPrice(unitPrice: number, quantity: number): number {
  return toUnits(unitPrice * quantity) / 10000;
}

/** Subtotal = sum of line extprice rounded up to whole cents. */
export function subtotalOf(extPrices: readonly number[]): number {
  const units = extPrices.reduce((sum, price) => sum + toUnits(price), 0);
  return Math.ceil(units / 100) / 100;
}

/** Total = subtotal + shipping + tax. */
export function orderTotal(subtotal: number, shipping: number, tax: number): number {
  return roundCents(subtotal + shipping + tax);
}

export function savings(
  basePrice: number,
  discounted: number,
  quantity: number,
): { saved_amount: number; percentagesaved: number } {
  if (!(basePrice > 0) || discounted >= basePrice) return { saved_amount: 0, percentagesaved: 0 };
  return {
    saved_amount: roundCents((basePrice - discounted) * quantity),
    percentagesaved: Math.round((1 - discounted / basePrice) * 100),
  };
}

export function exceedsInventory(quantity: number, inventory: number): boolean {
  return quantity > inventory;
}

/** A product is in stock when it ships now and the warehouse holds some. */
export function isInStock(shipClass: string, inventory: number): boolean {
  return shipClass === 'now' && inventory > 0;
}

export const LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
