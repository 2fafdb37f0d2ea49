import type { Cents } from '~/lib/money';

/**
 * The cart's shipping estimate before the store has priced shipping (spec shopping §2 Cart: a
 * shipping estimate flagged as an estimate). It comes from the store's own offers, not from a
 * store-API call per render: free no-rush within the US from the free-shipping threshold, else the
 * cheapest paid US service. Review order prices the real option for the address.
 */
export type ShippingEstimate = { kind: 'free' } | { kind: 'from'; amount: Cents };

interface ShippingOffers {
  /** US orders from this subtotal may ship free (no rush); null when the store has no such offer. */
  freeShippingFrom: Cents | null;
  /** The cheapest paid US service for the lightest parcel; null when the store names none. */
  shippingFrom: Cents | null;
}

/** What the cart shows as its shipping estimate for this subtotal, or null when it has none to show. */
export function shippingEstimate(subtotal: Cents, offers: ShippingOffers): ShippingEstimate | null {
  if (offers.freeShippingFrom !== null && subtotal >= offers.freeShippingFrom) return { kind: 'free' };
  if (offers.shippingFrom !== null) return { kind: 'from', amount: offers.shippingFrom };
  return null;
}
