import type { StoreId, StoreVariant } from '~/stores';
import { storeAddresses, type AddressSettings } from '~/lib/store-addresses';

/** Where an order's links lead: its store (fallback pictures, badges) and that store's storefront. */
export interface OrderShop {
  readonly storeId: StoreId;
  readonly storefrontUrl: string;
}

/** The shop of a store's orders for this deployment (a configured storefront wins). */
export function orderShop(store: StoreVariant, settings: AddressSettings): OrderShop {
  return { storeId: store.id, storefrontUrl: storeAddresses(store, settings).storefrontUrl };
}
