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
