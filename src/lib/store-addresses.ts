import type { StoreVariant } from '~/stores';
import { contactFormUrl } from './contact';

/** The addresses a deployment may name in place of the store's own (src/config.ts). */
export interface AddressSettings {
  readonly STOREFRONT_URL?: string | undefined;
  readonly NEW_SHOP_URL?: string | undefined;
}

export interface StoreAddresses {
  /** The storefront the logo, Continue shopping and the 404 page lead to. */
  storefrontUrl: string;
  /** The new shop that holds orders whose numbers start with S, and takes blocked purchases. */
  newShopUrl: string;
  /** The storefront's contact form: always on the storefront's domain, never on this site. */
  contactFormUrl: string;
}

/** Where the store's storefront, new shop and contact form are for this deployment: a configured address wins. */
export function storeAddresses(
  store: Pick<StoreVariant, 'storefrontUrl' | 'newShopUrl' | 'contactFormPath'>,
  settings: AddressSettings,
): StoreAddresses {
  const storefrontUrl = settings.STOREFRONT_URL ?? store.storefrontUrl;
  return {
    storefrontUrl,
    newShopUrl: settings.NEW_SHOP_URL ?? store.newShopUrl,
    contactFormUrl: contactFormUrl(storefrontUrl, store.contactFormPath),
  };
}
