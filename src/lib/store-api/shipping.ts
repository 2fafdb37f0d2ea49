import { isFields, readList, readText } from '~/lib/api/read';
import { centsOf, type Cents } from '~/lib/money';
import { shippingCodeOf, type ShippingCode } from '~/lib/shipping-codes';

export interface ShippingOption {
  code: ShippingCode;
  cost: Cents;
}

export interface ShippingAnswer {
  selected: ShippingCode | null;
  available: ShippingOption[];
}

/** The services the store offers for the basket (only those this store knows) and the one selected. */
export function toShippingAnswer(body: unknown): ShippingAnswer | undefined {
  const options = isFields(body)
    ? readList(body['available'] ?? [], (option) => ({
        code: shippingCodeOf(readText(option['servicelevel'])),
        cost: centsOf(option['shipping_cost']),
      }))
    : null;
  if (!isFields(body) || !options) return undefined;
  const available = options.filter((option): option is ShippingOption => option.code !== null);
  return { selected: shippingCodeOf(readText(body['selected'])), available };
}
