/** The two storefronts as data: everything that differs between marine and cycle lives here. */
export type StoreId = 'marine' | 'cycle';

export interface Manufacturer {
  readonly id: number;
  readonly name: string;
}

export interface StoreVariant {
  readonly id: StoreId;
  readonly name: string;
  /** The store's mark: in the header beside its name, as the tab's icon, and in its structured data. */
  readonly logo: string;
  readonly storefrontUrl: string;
  readonly newShopUrl: string;
  /** The storefront's contact form, below storefrontUrl. */
  readonly contactFormPath: string;
  readonly supportEmail: string;
  readonly supportPhone: string;
  /** The seller's postal address, line by line, as an invoice prints it, without the country. */
  readonly postalAddress: readonly string[];
  /** The seller's country (ISO 3166 code): printed in the reader's language under the address. */
  readonly country: string;
  readonly chatKey: string;
  readonly manufacturers: readonly Manufacturer[];
  readonly bannedManufacturers: readonly number[];
  readonly mercuryId: number;
  readonly defaultBulkManufacturer: number;
  readonly examplePartNumbers: readonly string[];
  readonly fallbackImage: string;
  readonly showsInventoryWarning: boolean;
  /** US orders from this subtotal, in cents, may ship free (no rush, option 09); the cart names the threshold. */
  readonly freeShippingFrom: number | null;
  /**
   * The cheapest paid US service for a parcel of up to a pound (standard, 04), in cents: the cart's
   * shipping estimate below the free threshold. Review order prices the real option.
   */
  readonly shippingFrom: number | null;
  /**
   * Review order opens with the card chosen (the spec names the cycle store's; the marine store
   * does too, so Place order never opens greyed out for the choice most shoppers make).
   */
  readonly preselectsCard: boolean;
  /** Offers submitting an order without payment (`ol`); the shop then asks for the payment. */
  readonly submitWithoutPayment: boolean;
}

export const stores: Record<StoreId, StoreVariant> = {
  marine: {
    id: 'marine',
    name: 'Marine Parts Store',
    logo: '/favicon.svg',
    storefrontUrl: 'https://www.marineparts.example/',
    newShopUrl: 'https://shop.marineparts.example/',
    contactFormPath: '/contact_us.html#contact-form',
    supportEmail: 'support@marineparts.example',
    supportPhone: '+1 (800) 555-0134',
    postalAddress: ['2150 South 300 West', 'Salt Lake City, UT 84115'],
    country: 'US',
    chatKey: 'marine-chat-key',
    manufacturers: [
      { id: 1, name: 'Evinrude/Johnson/OMC' },
      { id: 2, name: 'Mercury' },
      { id: 10, name: 'Yamaha' },
      { id: 21, name: 'Outboard Recycle' },
      { id: 24, name: 'Suzuki' },
    ],
    bannedManufacturers: [24, 2],
    mercuryId: 2,
    defaultBulkManufacturer: 1,
    examplePartNumbers: ['0437512 2', '0777213', '9113492 4'],
    fallbackImage: '/images/fallback-marine.svg',
    showsInventoryWarning: true,
    freeShippingFrom: 9900,
    shippingFrom: 845,
    preselectsCard: true,
    submitWithoutPayment: false,
  },
  cycle: {
    id: 'cycle',
    name: 'Cycle Parts Store',
    logo: '/logo-cycle.svg',
    storefrontUrl: 'https://www.cycleparts.example/',
    newShopUrl: 'https://shop.cycleparts.example/',
    contactFormPath: '/contact-us#contact-form',
    supportEmail: 'support@cycleparts.example',
    supportPhone: '+1 (800) 555-0178',
    postalAddress: ['2150 South 300 West, Suite B', 'Salt Lake City, UT 84115'],
    country: 'US',
    chatKey: 'cycle-chat-key',
    manufacturers: [
      { id: 10, name: 'Yamaha Parts' },
      { id: 25, name: 'Yamaha Bicycles' },
    ],
    bannedManufacturers: [],
    mercuryId: 2,
    defaultBulkManufacturer: 10,
    examplePartNumbers: ['LLW-69730-11-00 2', '67S-85974-65-00', '5RK-30850-20-00 3'],
    fallbackImage: '/images/fallback-cycle.svg',
    showsInventoryWarning: false,
    freeShippingFrom: 9900,
    shippingFrom: 845,
    preselectsCard: true,
    submitWithoutPayment: false,
  },
};

const fallbackByManufacturer: Record<number, string> = {
  1: '/images/fallback-omc.svg',
  2: '/images/fallback-mercury.svg',
  10: '/images/fallback-yamaha.svg',
  24: '/images/fallback-suzuki.svg',
  25: '/images/fallback-yamaha-bicycles.svg',
};

export const noImage = '/images/no-image.svg';

/** The spec's fallback picture: by manufacturer id, else by store, else a static no-image picture. */
export function fallbackImage(mfgAccountId: number | undefined, storeId: StoreId | undefined): string {
  if (mfgAccountId !== undefined && fallbackByManufacturer[mfgAccountId]) return fallbackByManufacturer[mfgAccountId];
  if (storeId) return stores[storeId].fallbackImage;
  return noImage;
}

/**
 * Each of the store's manufacturers' fallback pictures, worked out on the server for the order
 * summary, so review order's island carries the pictures it draws and not this module.
 */
export function brandBadges(store: Pick<StoreVariant, 'id' | 'manufacturers'>): Record<number, string> {
  return Object.fromEntries(store.manufacturers.map((maker) => [maker.id, fallbackImage(maker.id, store.id)]));
}
