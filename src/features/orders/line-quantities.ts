import type { OrderItem } from '~/lib/store-api/orders';

/** A quantity of the history record as a number; what is not one counts as none. */
export function toNumber(value: string | number | null | undefined): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

/** Backordered and no-longer-available quantities are shown only when there are some. */
export function itemQuantities(item: OrderItem): { ordered: number; backordered: number; unavailable: number } {
  return {
    ordered: toNumber(item.quantity),
    backordered: toNumber(item.quantity_bo),
    unavailable: toNumber(item.quantity_nla),
  };
}
