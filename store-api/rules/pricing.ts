import { badRequest } from '../core/errors.ts';
import { chooseLevel, serviceLevelOf, shippingOptions, type ShippingOption } from './shipping.ts';
import { salesTax } from './tax.ts';

/** What pricing reads of a basket: its destination, subtotal, weight and stored level. */
export interface PricingInput {
  country: string;
  state: string;
  subtotal: number;
  weight: number;
  serviceLevel: string;
}

export interface PricedBasket {
  selected: ShippingOption;
  available: ShippingOption[];
  tax: number;
}

/**
 * Prices a basket for its destination. A level asked for must be offered there (400 otherwise);
 * without one the stored level is kept while still offered, else the default.
 */
export function priceBasket(basket: PricingInput, requested?: string): PricedBasket {
  const available = shippingOptions(basket.country, basket.subtotal, basket.weight);
  let selected: ShippingOption | undefined;
  if (requested !== undefined) {
    const level = serviceLevelOf(requested);
    if (!level) throw badRequest('serviceLevel: unknown service level');
    selected = available.find((option) => option.servicelevel === level.code);
    if (!selected) throw badRequest(`serviceLevel: ${level.name} is not offered for this destination`);
  } else selected = chooseLevel(available, basket.serviceLevel, basket.country);
  if (!selected) throw badRequest('no shipping options for this destination');
  return { selected, available, tax: salesTax(basket.country, basket.state, basket.subtotal) };
}
