import { trimValues, type AddressValues, type AddressVerified, type CustomerFormValues } from './form-values';
import { parseCountry } from './country-value';
import { resolvedBilling } from './billing';
import type { SubmitAction } from './submit';

/** The form's values as the store's customer calls take them: checkout spec section 3. */

/** An address as the store's customer calls take it: names in camel case, `country` a two-letter code. */
export type AddressPayload = Omit<AddressValues, 'firstname' | 'lastname'> & { firstName: string; lastName: string };

export interface CustomerPayload {
  email: string;
  username: string;
  shippingData: AddressPayload & { address_verified: AddressVerified };
  billToShip: boolean;
  billingData: AddressPayload;
  basketNum: string;
  subscription: 0 | 1;
  password?: string;
  passwordConfirm?: string;
  userid?: string | number;
}

export function addressPayload(address: AddressValues): AddressPayload {
  return {
    firstName: address.firstname,
    lastName: address.lastname,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: parseCountry(address.country).code,
    phone: address.phone,
  };
}

/** Customer add (with passwords), customer update (with userid) or guest post, from trimmed values. */
export function buildPayload(
  raw: CustomerFormValues,
  options: { action: Exclude<SubmitAction, 'none'>; basketNum: string; userid?: string | number | undefined },
): CustomerPayload {
  const values = trimValues(raw);
  const payload: CustomerPayload = {
    email: values.email,
    username: values.email,
    shippingData: { ...addressPayload(values.shipping), address_verified: values.shipping.address_verified },
    billToShip: !values.differentBillingAddress,
    billingData: addressPayload(resolvedBilling(values)),
    basketNum: options.basketNum,
    subscription: values.subscribe ? 1 : 0,
  };
  if (options.action === 'customerAdd') {
    payload.password = values.password;
    payload.passwordConfirm = values.passwordConfirm;
  }
  if (options.action === 'customerUpdate' && options.userid !== undefined) payload.userid = options.userid;
  return payload;
}
