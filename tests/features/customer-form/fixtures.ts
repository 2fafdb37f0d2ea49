import { COUNTRY_LIST_ID, serveCountryOptions } from '~/features/customer-form/country-list';
import { DEFAULT_COUNTRY } from '~/features/customer-form/country-value';
import { emptyForm, type AddressValues, type CustomerFormValues } from '~/features/customer-form/form-values';

/** A complete, valid address and the form around it, for the rules' tests to change one field at a time. */
export const address: AddressValues = {
  firstname: 'Ana María',
  lastname: 'Neil-Smith',
  company: '',
  address1: '100 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: DEFAULT_COUNTRY,
  phone: '2175550100',
};

export function filled(overrides: Partial<CustomerFormValues> = {}): CustomerFormValues {
  return {
    ...emptyForm(),
    shipping: { ...address, lastname: 'Smith-Jones', address_verified: 0 },
    email: 'ana@example.com',
    ...overrides,
  };
}

/**
 * The country list as the server leaves it in the page for the island to read back (country-list.ts),
 * in a browser that never has the server's list; returns what takes it away again.
 */
export function drawCountryList(options: readonly { value: string; label: string }[]): () => void {
  serveCountryOptions(null);
  const list = document.createElement('datalist');
  list.id = COUNTRY_LIST_ID;
  for (const { value, label } of options) list.append(new Option(label, value));
  document.body.append(list);
  return () => list.remove();
}
