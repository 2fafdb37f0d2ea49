import { centsOf, decimalText, type Cents } from '~/lib/money';
import { isFields, readText } from '~/lib/api/read';

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

/** What a card shows of a product; the rest of the catalogue's answer stays on the server. */
const CARD_FIELDS = [
  'product_id',
  'sku',
  'name',
  'ship_class',
  'customer_can_buy',
  'sm_image',
  'mfg_account_id',
] as const;

/** A part as the store API's lookup answers it, cut to what a card shows and priced in cents. */
export type CardProduct = Partial<Record<(typeof CARD_FIELDS)[number], unknown>> & {
  base_price: Cents;
  /** The unit price the cart charges, as exact decimal text: it may carry fractions of a cent. */
  unit_price: string;
};

/** The catalogue's prices as a card shows them, read once here. */
function cardPrices(product: Record<string, unknown>): Pick<CardProduct, 'base_price' | 'unit_price'> {
  const discounted = centsOf(product['pricediscounted']) > 0 ? product['pricediscounted'] : product['base_price'];
  return { base_price: centsOf(product['base_price']), unit_price: decimalText(discounted) ?? '0' };
}

/** A store-API lookup's answer: its first product (as the island always took) or none; undefined when it has no list. */
export function toPartLookup(body: unknown): { product: CardProduct | null } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const products = (body as { products?: unknown }).products;
  if (!Array.isArray(products)) return undefined;
  const first: unknown = products[0];
  if (typeof first !== 'object' || first === null) return { product: null };
  const product: CardProduct = cardPrices(first as Record<string, unknown>);
  for (const field of CARD_FIELDS) if (field in first) product[field] = (first as CardProduct)[field];
  return { product };
}

/** The streamed answer comes to how many lines arrived. */
export const toLineCount = (value: unknown): number | undefined => (isCount(value) ? value : undefined);
