/**
 * Shipping services by code and by level name (spec checkout §3 Shipping service, §4 Shipping
 * codes): review order chooses among them; the invoice and the order history name the chosen one.
 * Shared by three features, and kept apart from review-order.ts so pages without the payment form
 * do not load its card check.
 */

export type ShippingCode = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '09';
import type { MessageKey, Translate } from '~/lib/i18n/translate';

/** The facts the selected option shows (§9). */
/** Names of the services; each has its review.shipping.level, eta and description phrases. */
export type ShippingLevel =
  'rushNextDay' | 'rushTwoDays' | 'expedited' | 'standard' | 'priority' | 'economy' | 'parcel' | 'freeNoRush';

export interface ShippingFacts {
  level: ShippingLevel;
  trackable: boolean;
  toDoor: boolean;
  /** Locale key suffix of the ETA and description texts. */
  etaKey: ShippingLevel;
}

export const FREE_NO_RUSH_CODE: ShippingCode = '09';

export const SHIPPING_CODES: Readonly<Record<ShippingCode, ShippingFacts>> = {
  '01': { level: 'rushNextDay', trackable: true, toDoor: true, etaKey: 'rushNextDay' },
  '02': { level: 'rushTwoDays', trackable: true, toDoor: true, etaKey: 'rushTwoDays' },
  '03': { level: 'expedited', trackable: true, toDoor: true, etaKey: 'expedited' },
  '04': { level: 'standard', trackable: true, toDoor: true, etaKey: 'standard' },
  '05': { level: 'priority', trackable: true, toDoor: true, etaKey: 'priority' },
  '06': { level: 'economy', trackable: true, toDoor: true, etaKey: 'economy' },
  '07': { level: 'parcel', trackable: false, toDoor: false, etaKey: 'parcel' },
  '09': { level: 'freeNoRush', trackable: true, toDoor: true, etaKey: 'freeNoRush' },
};

const levelToCode = new Map(
  Object.entries(SHIPPING_CODES).map(([code, facts]) => [facts.level.toLowerCase(), code as ShippingCode]),
);

/** The API names options by code or by level; both map to one code, unknown ones to null. */
export function shippingCodeOf(value: string | number | null | undefined): ShippingCode | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  const padded = /^\d$/.test(text) ? `0${text}` : text;
  if (Object.hasOwn(SHIPPING_CODES, padded)) return padded as ShippingCode;
  return levelToCode.get(text.toLowerCase()) ?? null;
}

export function shippingFacts(code: ShippingCode): ShippingFacts {
  return SHIPPING_CODES[code];
}

/**
 * The locale key of a service's name, from a code ('04') or a level name ('standard') as the
 * invoice and the history send it; null for a service this store does not know.
 */
export function shippingLevelKey(value: string | number | null | undefined): MessageKey | null {
  const code = shippingCodeOf(value);
  return code ? `review.shipping.level.${SHIPPING_CODES[code].level}` : null;
}

/** The service's name in the shopper's language; a service this store does not know keeps its own name. */
export function shippingServiceName(t: Translate, value: string | number | null | undefined): string {
  const key = shippingLevelKey(value);
  return key ? t(key) : String(value ?? '').trim();
}
