import type { Locale } from '~/lib/i18n/locales';
import { countryDisplayName } from '~/lib/i18n/postal';
import type { StoreVariant } from '~/stores';

/** Who sells: the store's name, postal address and contacts, at the head of every invoice. */
export interface InvoiceSeller {
  readonly name: string;
  /** The store's mark: the printed page has no site header to carry it. */
  readonly logo: string;
  readonly address: readonly string[];
  readonly phone: string;
  readonly email: string;
  /** The storefront's host, as a reader of the paper types it. */
  readonly website: string;
}

export function invoiceSeller(store: StoreVariant, storefrontUrl: string, locale: Locale): InvoiceSeller {
  return {
    name: store.name,
    logo: store.logo,
    address: [...store.postalAddress, countryDisplayName(store.country, locale)],
    phone: store.supportPhone,
    email: store.supportEmail,
    website: new URL(storefrontUrl).host,
  };
}
