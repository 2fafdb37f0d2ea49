import { centsOf, decimalText, type Cents } from '~/lib/money';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

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
