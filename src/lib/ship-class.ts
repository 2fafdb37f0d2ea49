import { isOneOf } from '~/lib/is-one-of';

/** The stock states a product's `ship_class` names (spec shopping §3, §4); anything else reads as unknown. */
export const SHIP_CLASSES = ['now', 'later', 'backordered', 'possible_delays', 'never', 'unknown'] as const;
export type ShipClass = (typeof SHIP_CLASSES)[number];

export function shipClassOf(value: unknown): ShipClass {
  return isOneOf(SHIP_CLASSES, value) ? value : 'unknown';
}
