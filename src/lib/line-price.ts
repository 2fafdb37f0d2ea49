import type { Cents } from '~/lib/money';

/**
 * How a line's price is shown so that what a shopper reads is true.
 *
 * A row reads "N × unit" only where N times the unit price, in whole cents, is the line total the
 * store charges. A store whose unit price carries fractions of a cent (58.455) charges a line total
 * that is not N × the rounded unit (3 × 58.455 = 175.365, shown $175.37, while 3 × $58.46 is
 * $175.38): such a row shows the quantity and the line total, and no multiplication that is false.
 */
export interface LineRow {
  quantity: number;
  /** The unit price to show beside the quantity; null where quantity × unit is not the line total. */
  unit: Cents | null;
  total: Cents;
}

export function lineRow(quantity: number, unit: Cents, total: Cents): LineRow {
  return { quantity, unit: quantity * unit === total ? unit : null, total };
}
