/** The order number as the shopper reads it: spec checkout §7. */

/** Returned numbers are shown plus 1000; numbers of the new shop (S-prefixed) are shown as they are. */
export const DISPLAY_OFFSET = 1000;
export function displayOrderNumber(orderNo: string | number): string {
  const text = String(orderNo).trim();
  return /^\d+$/.test(text) ? String(Number(text) + DISPLAY_OFFSET) : text;
}

/** Where an order lives since the migration: S-prefixed on the new shop, numeric on the old cart host. */
export function orderHost(displayNumber: string): 'newShop' | 'oldCart' | 'unknown' {
  if (/^S/i.test(displayNumber)) return 'newShop';
  return /^\d+$/.test(displayNumber) ? 'oldCart' : 'unknown';
}
