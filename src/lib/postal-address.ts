/** The address fields the store API uses in invoices, customer answers and guest records. */
export const POSTAL_ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'company',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
] as const;
export type PostalAddressFields = Record<(typeof POSTAL_ADDRESS_FIELDS)[number], string>;
