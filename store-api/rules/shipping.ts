import { roundCents } from './basket.ts';

/**
 * Shipping service levels and their prices (spec checkout §3 Shipping service, §4 Shipping codes,
 * §9 ETAs and parcel post). Prices are the reference API's own: a base per level plus a rate per
 * pound of the basket's weight.
 */
export type ServiceCode = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '09';

export interface ServiceLevel {
  code: ServiceCode;
  name: string;
  domestic: boolean;
  base: number;
  perPound: number;
}

export const SERVICE_LEVELS: readonly ServiceLevel[] = [
  { code: '01', name: 'rushNextDay', domestic: true, base: 39.95, perPound: 2 },
  { code: '02', name: 'rushTwoDays', domestic: true, base: 24.95, perPound: 1.5 },
  { code: '03', name: 'expedited', domestic: true, base: 14.95, perPound: 1 },
  { code: '04', name: 'standard', domestic: true, base: 7.95, perPound: 0.5 },
  { code: '09', name: 'freeNoRush', domestic: true, base: 0, perPound: 0 },
  { code: '05', name: 'priority', domestic: false, base: 39.95, perPound: 4 },
  { code: '06', name: 'economy', domestic: false, base: 24.95, perPound: 2.5 },
  { code: '07', name: 'parcel', domestic: false, base: 0, perPound: 9.95 },
];

export const DEFAULT_SERVICE_DOMESTIC: ServiceCode = '04';
export const DEFAULT_SERVICE_INTERNATIONAL: ServiceCode = '06';
export const FREE_SHIPPING_CODE: ServiceCode = '09';
/** Free no-rush shipping is offered from this subtotal on (US only). */
export const FREE_SHIPPING_THRESHOLD = 99;
export const DOMESTIC_COUNTRY = 'US';

export interface ShippingOption {
  servicelevel: ServiceCode;
  name: string;
  shipping_cost: number;
}

/** Accepts a code ('04', '4') or a name ('standard'); anything else is unknown. */
export function serviceLevelOf(value: string): ServiceLevel | undefined {
  const text = value.trim();
  const code = /^\d{1,2}$/.test(text) ? text.padStart(2, '0') : undefined;
  return SERVICE_LEVELS.find((level) => level.code === code || level.name.toLowerCase() === text.toLowerCase());
}

/**
 * A weight per product in pounds, derived from its id so it never changes: 0.5 to 10.4 lb.
 * The catalogue has no weights; shipping needs one.
 */
export function productWeight(productId: number): number {
  const spread = Math.abs(Math.imul(productId, 2654435761)) % 100;
  return Math.round((0.5 + spread / 10) * 10) / 10;
}

/** Parcel post and the per-pound rates charge every started pound. */
function billablePounds(weight: number): number {
  return Math.max(1, Math.ceil(weight - 1e-9));
}

export function isDomestic(country: string): boolean {
  return country.toUpperCase() === DOMESTIC_COUNTRY;
}

/** The options a destination gets for a basket of this subtotal and weight, in display order. */
export function shippingOptions(country: string, subtotal: number, weight: number): ShippingOption[] {
  const domestic = isDomestic(country);
  const pounds = billablePounds(weight);
  return SERVICE_LEVELS.filter((level) => level.domestic === domestic)
    .filter((level) => level.code !== FREE_SHIPPING_CODE || subtotal >= FREE_SHIPPING_THRESHOLD)
    .map((level) => ({
      servicelevel: level.code,
      name: level.name,
      shipping_cost: roundCents(level.base + level.perPound * pounds),
    }));
}

/**
 * The level to use: the one asked for when the destination offers it; otherwise the basket's
 * stored level when still offered; otherwise the default (04 at home, 06 abroad).
 */
export function chooseLevel(
  options: readonly ShippingOption[],
  stored: string | null | undefined,
  country: string,
): ShippingOption | undefined {
  const storedLevel = stored ? serviceLevelOf(stored) : undefined;
  const fallback = isDomestic(country) ? DEFAULT_SERVICE_DOMESTIC : DEFAULT_SERVICE_INTERNATIONAL;
  return (
    options.find((option) => option.servicelevel === storedLevel?.code) ??
    options.find((option) => option.servicelevel === fallback) ??
    options[0]
  );
}
