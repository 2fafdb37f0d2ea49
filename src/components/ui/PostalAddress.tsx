/** The address fields the store API uses in invoices, customer answers and guest records. */
export const POSTAL_ADDRESS_FIELDS = ['firstname', 'lastname', 'company', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;
export type PostalAddressFields = Record<(typeof POSTAL_ADDRESS_FIELDS)[number], string>;

/** Country is stored as "CC^Country name" and shown without the prefix. */
export function countryName(value: string): string {
  const index = value.indexOf('^');
  return index >= 0 ? value.slice(index + 1) : value;
}

/** An address as a postal label: name, company, street, city line, country, phone. */
export default function PostalAddress({ address }: { address: PostalAddressFields }) {
  const lines = [
    `${address.firstname} ${address.lastname}`,
    address.company,
    `${address.address1}${address.address2 ? ` ${address.address2}` : ''}`,
    `${address.city}, ${address.state} ${address.zip}`,
    countryName(address.country),
    address.phone,
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
