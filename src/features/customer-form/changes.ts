import { trimAddress, trimValues, type CustomerFormValues } from './form-values';
import { resolvedBilling } from './billing';

/** What the shopper changed since the form loaded (checkout spec section 4). */

function comparable(values: CustomerFormValues): string {
  const trimmed = trimValues(values);
  return JSON.stringify({
    shipping: trimAddress(trimmed.shipping),
    billing: resolvedBilling(trimmed),
    email: trimmed.email,
    subscribe: trimmed.subscribe,
  });
}

export function hasChanged(initial: CustomerFormValues, current: CustomerFormValues): boolean {
  return comparable(initial) !== comparable(current);
}

/** A country or state change makes tax and shipping unknown until the review recalculates them. */
export function locationChanged(initial: CustomerFormValues, current: CustomerFormValues): boolean {
  const before = { s: initial.shipping, b: resolvedBilling(initial) };
  const after = { s: current.shipping, b: resolvedBilling(current) };
  return (
    before.s.country.trim() !== after.s.country.trim() ||
    before.s.state.trim() !== after.s.state.trim() ||
    before.b.country.trim() !== after.b.country.trim() ||
    before.b.state.trim() !== after.b.state.trim()
  );
}
