import type { Locale } from '~/lib/i18n/locales';
import { countryDisplayName, formatPhone } from '~/lib/i18n/postal';
import type { PostalAddressFields } from '~/lib/postal-address';

/**
 * An address as a postal label: name, company, street, city line, country in the shopper's
 * language, phone formatted for reading.
 */
export default function PostalAddress({ address, locale }: { address: PostalAddressFields; locale: Locale }) {
  const lines = [
    `${address.firstname} ${address.lastname}`,
    address.company,
    `${address.address1}${address.address2 ? ` ${address.address2}` : ''}`,
    `${address.city}, ${address.state} ${address.zip}`,
    countryDisplayName(address.country, locale),
    formatPhone(address.phone, address.country),
  ].filter((line) => line.trim() !== '');
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </address>
  );
}
