import type { Cents } from '~/lib/money';
import { isFields, readText } from '~/lib/api/read';

// The browser's reading of bulk add's stream, apart from the store API's own lookup answer
// (part-lookup.ts), so that only bulk add's bundle carries it.

/** A part as the site's batch lookup streams it (features/bulk-add/bulk-add.server.ts), prices in cents. */
export interface FoundProduct {
  product_id: number;
  sku: string;
  name: string;
  base_price: Cents;
  /** The unit price the cart charges, as exact decimal text ("58.455"): it may carry fractions of a cent. */
  unit_price: string;
  ship_class: string;
  customer_can_buy: boolean | number;
  sm_image?: string | null;
  mfg_account_id?: number;
}

/** One line of the stream: the part's product, none (no such part), or failed (the store API did not answer). */
export type FoundLine = { product: FoundProduct | null } | { failed: true };

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

const DECIMAL_TEXT = /^\d{1,12}(\.\d{1,12})?$/;

function toFoundProduct(value: unknown): FoundProduct | undefined {
  if (!isFields(value) || !isCount(value['product_id']) || !isCount(value['base_price'])) return undefined;
  const unitPrice = value['unit_price'];
  if (typeof unitPrice !== 'string' || !DECIMAL_TEXT.test(unitPrice)) return undefined;
  const canBuy = value['customer_can_buy'];
  const image = value['sm_image'];
  const mfg = value['mfg_account_id'];
  return {
    product_id: value['product_id'],
    sku: readText(value['sku']),
    name: readText(value['name']),
    base_price: value['base_price'],
    unit_price: unitPrice,
    ship_class: readText(value['ship_class']),
    customer_can_buy: typeof canBuy === 'boolean' || typeof canBuy === 'number' ? canBuy : false,
    ...(typeof image === 'string' || image === null ? { sm_image: image } : {}),
    ...(isCount(mfg) ? { mfg_account_id: mfg } : {}),
  };
}

/** Reads one streamed line; a line that cannot be read counts as a part the lookup did not answer. */
export function toFoundLine(text: string): FoundLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { failed: true };
  }
  if (!isFields(value) || value['failed'] === true) return { failed: true };
  if (value['product'] === null) return { product: null };
  const product = toFoundProduct(value['product']);
  return product ? { product } : { failed: true };
}
