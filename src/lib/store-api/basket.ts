import { isFields, optionalText, readAmount, readList, readText, type Fields } from '~/lib/api/read';
import { centsOf, optionalCents, shownLineTotals, subtotalOf, type Cents } from '~/lib/money';
import { apiFlag } from './flags';

/**
 * One line of the basket, as the app uses it (the store API's field names, flags read as booleans,
 * amounts in whole cents).
 */
export interface BasketItem {
  product_id: number;
  sku: string;
  name: string;
  description: string;
  product_url: string;
  ship_class: string;
  quantity: number;
  inventory: number;
  pricediscounted: Cents;
  /** The line total as shown: the lines of a basket add up to its subtotal (`shownLineTotals`). */
  extprice: Cents;
  base_price: Cents;
  saved_amount?: Cents;
  percentagesaved?: number;
  mfg_account_id: number;
  customer_can_buy: boolean;
  eta?: string | null;
  sm_image?: string | null;
}

export interface ManufacturerDelay {
  mfg: number;
  url: string;
}

export interface BasketOrder {
  basketNum: string;
  orderTotal: Cents;
  shipping: Cents;
  tax: Cents;
  /** Spec: the sum of the lines' extprice as the store sent them, rounded up to whole cents. */
  subtotal: Cents;
  group_menu_id?: number | string;
  mfgDelays?: ManufacturerDelay[];
  /** The basket became an order: it can no longer change. */
  ordered: boolean;
}

/** The basket of GET a/basket/{basketNum} (store-api/README.md). */
export interface Basket {
  ORDER: BasketOrder;
  BASKET: BasketItem[];
}

/** A product the cart suggests (GET v2/suggest/products). */
export interface Suggestion {
  product_id: number;
  sku: string;
  name: string;
  base_price: Cents;
  /** What the cart charges a unit of it; 0 where the store does not say (its base price then). */
  pricediscounted: Cents;
  ship_class: string;
  customer_can_buy: boolean;
  sm_image?: string | null;
  mfg_account_id: number;
}

function optionalAmount(value: unknown): number | undefined {
  return value === undefined || value === null ? undefined : readAmount(value);
}

function nullableText(value: unknown): string | null | undefined {
  return value === null ? null : optionalText(value);
}

function toBasketItem(line: Fields, extprice: Cents): BasketItem {
  const item: BasketItem = {
    product_id: readAmount(line['product_id']),
    sku: readText(line['sku']),
    // Older answers leave the name empty and describe the part instead.
    name: readText(line['name']) || readText(line['description']),
    description: readText(line['description']),
    product_url: readText(line['product_url']),
    ship_class: readText(line['ship_class']),
    quantity: readAmount(line['quantity']),
    inventory: readAmount(line['inventory']),
    pricediscounted: centsOf(line['pricediscounted']),
    extprice,
    base_price: centsOf(line['base_price']),
    mfg_account_id: readAmount(line['mfg_account_id']),
    customer_can_buy: apiFlag(line['customer_can_buy']),
  };
  const saved = optionalCents(line['saved_amount']);
  if (saved !== undefined) item.saved_amount = saved;
  const percentage = optionalAmount(line['percentagesaved']);
  if (percentage !== undefined) item.percentagesaved = percentage;
  const eta = nullableText(line['eta']);
  if (eta !== undefined) item.eta = eta;
  const image = nullableText(line['sm_image']);
  if (image !== undefined) item.sm_image = image;
  return item;
}

function toBasketOrder(order: Fields, lines: readonly Fields[]): BasketOrder {
  const read: BasketOrder = {
    basketNum: readText(order['basketNum']),
    orderTotal: centsOf(order['orderTotal']),
    shipping: centsOf(order['shipping']),
    tax: centsOf(order['tax']),
    subtotal: subtotalOf(lines.map((line) => line['extprice'])),
    ordered: apiFlag(order['ordered']),
  };
  const groupMenuId = order['group_menu_id'];
  if (typeof groupMenuId === 'number' || typeof groupMenuId === 'string') read.group_menu_id = groupMenuId;
  const delays = readList(order['mfgDelays'], (delay) => ({
    mfg: readAmount(delay['mfg']),
    url: readText(delay['url']),
  }));
  if (delays) read.mfgDelays = delays;
  return read;
}

/** The basket of an answer; null when the answer holds no list of lines. */
export function toBasket(body: unknown): Basket | null {
  if (!isFields(body)) return null;
  const raw = readList(body['BASKET'], (line) => line);
  if (!raw) return null;
  const order = toBasketOrder(isFields(body['ORDER']) ? body['ORDER'] : {}, raw);
  const shown = shownLineTotals(
    raw.map((line) => line['extprice']),
    order.subtotal,
  );
  return { ORDER: order, BASKET: raw.map((line, index) => toBasketItem(line, shown[index] ?? 0)) };
}

/** The suggested products of an answer; null when it is not a list. */
export function toSuggestions(body: unknown): Suggestion[] | null {
  return readList(body, (entry) => {
    const suggestion: Suggestion = {
      product_id: readAmount(entry['product_id']),
      sku: readText(entry['sku']),
      name: readText(entry['name']),
      base_price: centsOf(entry['base_price']),
      pricediscounted: centsOf(entry['pricediscounted']),
      ship_class: readText(entry['ship_class']),
      customer_can_buy: apiFlag(entry['customer_can_buy']),
      mfg_account_id: readAmount(entry['mfg_account_id']),
    };
    const image = nullableText(entry['sm_image']);
    if (image !== undefined) suggestion.sm_image = image;
    return suggestion;
  });
}

/** The basket number of an answer that starts or changes a basket (BASKETNUM). */
export function toBasketNumber(body: unknown): string | null {
  if (!isFields(body)) return null;
  const value = body['BASKETNUM'];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

/** One product's outcome in a bulk add, in the order the products were sent. */
export interface BulkAddOutcome {
  product_id: number;
  SUCCESS: boolean;
  message?: string;
}

export interface BulkAddAnswer {
  BASKETNUM: string;
  results: BulkAddOutcome[];
}

function toBulkAddOutcome(value: unknown): BulkAddOutcome {
  // An unreadable outcome keeps its place: outcomes are matched to products by position too.
  const fields = isFields(value) ? value : {};
  const message = optionalText(fields['message']);
  return {
    product_id: readAmount(fields['product_id']),
    SUCCESS: apiFlag(fields['SUCCESS']),
    ...(message === undefined ? {} : { message }),
  };
}

/** A bulk add's answer; null without the basket number it went into. */
export function toBulkAddAnswer(body: unknown): BulkAddAnswer | null {
  const basketNum = toBasketNumber(body);
  if (!isFields(body) || basketNum === null) return null;
  const results = Array.isArray(body['results']) ? body['results'].map(toBulkAddOutcome) : [];
  return { BASKETNUM: basketNum, results };
}

/** The SKUs of the cart's lines from the GraphQL source; null when the answer holds no cart. */
export function toGraphCartSkus(body: unknown): string[] | null {
  const data = isFields(body) ? body['data'] : null;
  const cart = isFields(data) ? data['cart'] : null;
  if (!isFields(cart)) return null;
  return readList(cart['orderLines'], (line) => {
    const product = line['product'];
    return isFields(product) ? readText(product['sku']) : '';
  });
}
