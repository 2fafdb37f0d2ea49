import type { Locale } from '~/lib/i18n/locales';
import { countryDisplayName } from '~/lib/i18n/postal';
import type { OrderRecord } from '~/lib/store-api/orders';

/**
 * Where the order goes, on one line: name, city, state and zip, country in the shopper's language
 * (the history record carries no street line 2, company or phone). Null when nothing is known.
 */
export function shipToLine(shipTo: OrderRecord['ship_to'], locale: Locale): string | null {
  if (!shipTo) return null;
  const part = (key: string) => (shipTo[key] ?? '').trim();
  const name = [part('first_name'), part('last_name')].filter(Boolean).join(' ');
  const region = [part('state'), part('zip')].filter(Boolean).join(' ');
  const country = part('country') ? countryDisplayName(part('country'), locale) : '';
  const line = [name, part('address1'), part('city'), region, country].filter(Boolean).join(', ');
  return line || null;
}
