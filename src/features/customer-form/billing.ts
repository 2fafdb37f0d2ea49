import { ADDRESS_FIELDS, type AddressValues, type CustomerFormValues } from './form-values';

/** The billing address: its own only when it differs from shipping (checkout spec section 4). */

/**
 * Shipping and billing differ when any field differs and the billing field is non-empty or
 * the shipping field is empty (an empty billing field simply follows shipping).
 */
export function isBillingDifferent(shipping: AddressValues, billing: AddressValues): boolean {
  return ADDRESS_FIELDS.some((field) => {
    const ship = (shipping[field] ?? '').trim();
    const bill = (billing[field] ?? '').trim();
    return ship !== bill && (bill !== '' || ship === '');
  });
}

/** Billing as submitted: a copy of shipping unless a different billing address was chosen. */
export function resolvedBilling(values: CustomerFormValues): AddressValues {
  if (values.differentBillingAddress) return values.billing;
  const { address_verified: _verified, ...address } = values.shipping;
  return address;
}
