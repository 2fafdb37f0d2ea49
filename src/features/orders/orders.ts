import { apiFlag } from '~/lib/store-api/flags';
import type { Locale } from '~/lib/i18n/locales';
import type { StoreId, StoreVariant } from '~/stores';
import { storeAddresses, type AddressSettings } from '~/lib/store-addresses';
import { countryDisplayName } from '~/lib/i18n/postal';
import { isOneOf } from '~/lib/is-one-of';
import { isEmail } from '~/lib/email';
import type { OrderHeader, OrderItem, OrderRecord } from '~/lib/store-api/orders';
import { lineRow, type LineRow } from '~/lib/line-price';
import type { InvoiceItem } from '~/lib/store-api/receipt';
import type { MessageRef } from '~/lib/i18n/message-ref';
import { failureStatus, type Result } from '~/lib/store-api/result';

/**
 * Order history and guest lookup rules: spec checkout §2 (Order history, Order info), §3 (Order
 * history record), §4 (Cancellation, Order status colours), §5 (Order info), §7, §8, §9.
 */

/** Where an order's links lead: its store (fallback pictures, badges) and that store's storefront. */
export interface OrderShop {
  readonly storeId: StoreId;
  readonly storefrontUrl: string;
}

/** The shop of a store's orders for this deployment (a configured storefront wins). */
export function orderShop(store: StoreVariant, settings: AddressSettings): OrderShop {
  return { storeId: store.id, storefrontUrl: storeAddresses(store, settings).storefrontUrl };
}

export type { OrderHeader, OrderItem, OrderRecord };

/** Returned numbers are shown plus 1000; numbers of the new shop (S-prefixed) are shown as they are. */
export const DISPLAY_OFFSET = 1000;
export function displayOrderNumber(orderNo: string | number): string {
  const text = String(orderNo).trim();
  return /^\d+$/.test(text) ? String(Number(text) + DISPLAY_OFFSET) : text;
}

/** Where an order lives since the migration: S-prefixed on the new shop, numeric on the old cart host. */
export function orderHost(displayNumber: string): 'newShop' | 'oldCart' | 'unknown' {
  if (/^S/i.test(displayNumber)) return 'newShop';
  return /^\d+$/.test(displayNumber) ? 'oldCart' : 'unknown';
}

export const ORDER_STATUSES = [
  'waiting_on_manufacturer',
  'pending',
  'in_stock',
  'awaiting_shipment',
  'partially_shipped',
  'shipped',
  'en_route',
  'delivered',
  'delivery_exception',
  'cancellation_requested',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Where an order stands, as the shopper reads it: still being prepared, on its way, arrived, a
 * cancellation asked for, or a problem. Each group has its own badge colour, so "cancellation
 * requested" (waiting for the shop) never looks like "cancelled" (final).
 */
export type StatusGroup = 'progress' | 'shipping' | 'done' | 'cancelling' | 'problem';
export type StatusColour = 'neutral' | 'info' | 'success' | 'warning' | 'error';

const STATUS_GROUPS: Readonly<Record<OrderStatus, StatusGroup>> = {
  waiting_on_manufacturer: 'progress',
  pending: 'progress',
  in_stock: 'progress',
  awaiting_shipment: 'progress',
  partially_shipped: 'shipping',
  shipped: 'shipping',
  en_route: 'shipping',
  delivered: 'done',
  cancellation_requested: 'cancelling',
  delivery_exception: 'problem',
  cancelled: 'problem',
};

const GROUP_COLOURS: Readonly<Record<StatusGroup, StatusColour>> = {
  progress: 'neutral',
  shipping: 'info',
  done: 'success',
  cancelling: 'warning',
  problem: 'error',
};

/** Statuses arrive in several spellings ("Partially Shipped", "partiallyShipped"): one key for each. */
export function normaliseStatus(status: string | null | undefined): string {
  return (status ?? '')
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

export function isOrderStatus(status: string): status is OrderStatus {
  return isOneOf(ORDER_STATUSES, status);
}

/** The group of a status in any spelling; a status this store does not know reads as in progress. */
export function statusGroup(status: string | null | undefined): StatusGroup {
  const key = normaliseStatus(status);
  return isOrderStatus(key) ? STATUS_GROUPS[key] : 'progress';
}

export function statusColour(status: string | null | undefined): StatusColour {
  return GROUP_COLOURS[statusGroup(status)];
}

/** Help pages on the storefront explaining each status; unknown statuses get the general page. */
export const STATUS_HELP_DEFAULT = '/order-status.html';
const STATUS_HELP: Readonly<Record<OrderStatus, string>> = {
  waiting_on_manufacturer: '/order-status.html#waiting-on-manufacturer',
  pending: '/order-status.html#pending',
  in_stock: '/order-status.html#in-stock',
  awaiting_shipment: '/order-status.html#awaiting-shipment',
  partially_shipped: '/order-status.html#partially-shipped',
  shipped: '/order-status.html#shipped',
  en_route: '/order-status.html#en-route',
  delivered: '/order-status.html#delivered',
  delivery_exception: '/order-status.html#delivery-exception',
  cancellation_requested: '/order-status.html#cancellation-requested',
  cancelled: '/order-status.html#cancelled',
};

export function statusHelpLink(status: string | null | undefined, storefrontUrl: string): string {
  const key = normaliseStatus(status);
  const path = isOrderStatus(key) ? STATUS_HELP[key] : STATUS_HELP_DEFAULT;
  return new URL(path, storefrontUrl).href;
}

/** The API sends flags as booleans, 0/1 or "0"/"1". */
export const flag = apiFlag;

export const CANCEL_REASONS = ['ordered_by_mistake', 'not_in_stock', 'found_elsewhere', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const DEFAULT_CANCEL_REASON: CancelReason = 'ordered_by_mistake';

export type CancelControl =
  | { state: 'hidden'; note: 'cancelled' | null }
  | { state: 'disabled'; note: 'requested' | 'notEditable' }
  | { state: 'enabled' };

/**
 * Hidden once the order is shipping or void (a void order says it was cancelled); disabled when
 * the customer may no longer edit it or a cancellation is already requested.
 */
export function cancelControl(order: OrderHeader): CancelControl {
  if (flag(order.void)) return { state: 'hidden', note: 'cancelled' };
  const status = normaliseStatus(order.status_for_customer);
  if (status === 'cancelled') return { state: 'hidden', note: 'cancelled' };
  if (status === 'partially_shipped' || status === 'shipped' || status === 'en_route' || status === 'delivered')
    return { state: 'hidden', note: null };
  if (flag(order.cancellation_requested) || status === 'cancellation_requested')
    return { state: 'disabled', note: 'requested' };
  if (!flag(order.customer_can_edit)) return { state: 'disabled', note: 'notEditable' };
  return { state: 'enabled' };
}

export type CancelOutcome = 'requested' | 'refused' | 'error';

/** 200 and 406 both mean the request was taken; 409 is the refusal the spec words. */
export function cancelOutcome(status: number): CancelOutcome {
  if (status === 200 || status === 204 || status === 406) return 'requested';
  if (status === 409) return 'refused';
  return 'error';
}

/** Where one order's cancellation stands, as the island and the page after a plain post show it. */
export type CancelState =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'requested' }
  | { state: 'refused' }
  /** The note a cancellation for another reason needs was empty; nothing was sent. */
  | { state: 'noteRequired' }
  | { state: 'error'; message: MessageRef | null }
  /** The session could not be renewed: the shopper logs in again. */
  | { state: 'loggedOut' };

/** A cancellation as the form posts it, with or without JavaScript, and where it stands. */
export interface PostedCancel {
  order: string;
  reason: CancelReason;
  note: string;
  progress: CancelState;
}

/** A cancellation for another reason needs its note (the store refuses 'other' without one). */
export function cancelNoteError(reason: CancelReason, note: string): 'required' | null {
  return reason === 'other' && note.trim() === '' ? 'required' : null;
}

export function cancelPayload(
  reason: CancelReason,
  note: string,
): { cancellation_reason: CancelReason; cancellation_note: string } {
  return { cancellation_reason: reason, cancellation_note: reason === 'other' ? note.trim() : '' };
}

/** What the order looks like once its cancellation was taken. */
export function withCancellationRequested<T extends OrderRecord>(record: T): T {
  return {
    ...record,
    orderno: { ...record.orderno, cancellation_requested: true, status_for_customer: 'cancellation_requested' },
  };
}

export const HISTORY_RANGES = ['month', 'year', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export function isHistoryRange(value: unknown): value is HistoryRange {
  return isOneOf(HISTORY_RANGES, value);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The same day some months back (UTC), kept inside the target month: a month before March 31 is
 * the last day of February, not March 3.
 */
export function monthsBefore(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** Query of the history call: the legacy range name plus the dates it covers (to today). */
export function historyQuery(range: HistoryRange, today: Date, storeId: string): Record<string, string> {
  const query: Record<string, string> = { legacy_date_range: range, to_date: isoDay(today), store_id: storeId };
  if (range === 'all') return query;
  query['from_date'] = isoDay(monthsBefore(today, range === 'month' ? 1 : 12));
  return query;
}

/**
 * Where the order goes, on one line: name, city, state and zip, country in the shopper's language
 * (the history record carries no street line 2, company or phone). Null when nothing is known.
 */
export function shipToLine(shipTo: OrderRecord['ship_to'], locale: Locale): string | null {
  if (!shipTo) return null;
  const part = (key: string) => (shipTo[key] ?? '').trim();
  const name = [part('first_name'), part('last_name')].filter(Boolean).join(' ');
  const region = [part('state'), part('zip')].filter(Boolean).join(' ');
  const country = part('country') ? countryDisplayName(part('country'), locale) : '';
  const line = [name, part('address1'), part('city'), region, country].filter(Boolean).join(', ');
  return line || null;
}

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

/** Tracking links of the order open our own tracking page. */
export function trackingHref(trackingNumber: string, localePrefix = ''): string {
  return `${localePrefix}/public/tracking/?trackingNumber=${encodeURIComponent(trackingNumber.trim())}`;
}

/** Tracking numbers listed with the order that no line shows already, once each. */
export function orderTrackingNumbers(record: OrderRecord): string[] {
  const onLines = new Set((record.items ?? []).map((item) => item.tracking?.trim()).filter(Boolean));
  const numbers = new Set<string>();
  for (const tracking of record.trackings ?? []) {
    const name = tracking.name?.trim();
    if (name && !onLines.has(name)) numbers.add(name);
  }
  return [...numbers];
}

// Guest lookup (order info) ------------------------------------------------------------------

/** A lookup finds an order by its number or by its invoice's. */
export const LOOKUP_MODES = ['order', 'invoice'] as const;
export type LookupMode = (typeof LOOKUP_MODES)[number];
export interface LookupForm {
  email: string;
  mode: LookupMode;
  orderNo: string;
  invoiceNo: string;
}
export type LookupErrors = Partial<Record<'email' | 'orderNo' | 'invoiceNo', 'required' | 'email' | 'numeric'>>;

export function validateLookup(form: LookupForm): LookupErrors {
  const errors: LookupErrors = {};
  const email = form.email.trim();
  if (!email) errors.email = 'required';
  else if (!isEmail(email)) errors.email = 'email';
  if (form.mode === 'order') {
    const orderNo = form.orderNo.trim();
    if (!orderNo) errors.orderNo = 'required';
    else if (!/^\d+$/.test(orderNo)) errors.orderNo = 'numeric';
  } else if (!form.invoiceNo.trim()) errors.invoiceNo = 'required';
  return errors;
}

export function isLookupValid(form: LookupForm): boolean {
  return Object.keys(validateLookup(form)).length === 0;
}

/** The names the lookup's fields travel under, in the posted form and in a link's query alike. */
export const LOOKUP_FIELDS = ['email', 'mode', 'order_no', 'invoice_no'] as const;

/**
 * The form as posted, or as a link's query prefills it: the chosen mode, else an invoice number
 * alone chooses the invoice mode.
 */
export function lookupFromQuery(search: string | URLSearchParams): LookupForm {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const orderNo = params.get('order_no') ?? '';
  const invoiceNo = params.get('invoice_no') ?? '';
  const mode = params.get('mode');
  return {
    email: params.get('email') ?? '',
    mode: isOneOf(LOOKUP_MODES, mode) ? mode : !orderNo && invoiceNo ? 'invoice' : 'order',
    orderNo,
    invoiceNo,
  };
}

/** The address without what identifies a lookup, so it stays out of history, bookmarks and later referrers. */
export function withoutLookupQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of LOOKUP_FIELDS) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** What a lookup came to; `limited`: too many look-ups for this address or from this visitor for now. */
export interface LookupState {
  state: 'idle' | 'loading' | 'success' | 'notFound' | 'limited' | 'error';
  order: OrderRecord | null;
  error: MessageRef | null;
}

export const IDLE_LOOKUP: LookupState = { state: 'idle', order: null, error: null };

/** A lookup as the form posts it, with or without JavaScript: the form as it was sent, and its outcome. */
export interface PostedLookup {
  form: LookupForm;
  lookup: LookupState;
}

/** The first entry of the answer is the order; no entry, or a 404 or 400, is no such order. */
export function lookupStateOf(answer: Result<readonly OrderRecord[]>): LookupState {
  if (answer.ok) {
    const first = answer.value[0];
    return first ? { state: 'success', order: first, error: null } : { state: 'notFound', order: null, error: null };
  }
  const status = failureStatus(answer.failure);
  if (status === 404 || status === 400) return { state: 'notFound', order: null, error: null };
  if (status === 429) return { state: 'limited', order: null, error: null };
  const text = answer.failure.kind === 'http' ? answer.failure.message : '';
  return { state: 'error', order: null, error: text ? { text } : null };
}

/** The guest lookup call's query: the e-mail plus one number, trimmed. */
export function lookupQuery(form: LookupForm): Record<string, string> {
  const query: Record<string, string> = { email: form.email.trim() };
  if (form.mode === 'order') query['order_no'] = form.orderNo.trim();
  else query['invoice_no'] = form.invoiceNo.trim();
  return query;
}

// Buy again ----------------------------------------------------------------------------------

/** The longest part list a Buy again link carries (bulk add reads the same limit). */
export const BUY_AGAIN_MAX_LINES = 50;

export interface BuyAgainList {
  /** The manufacturer bulk add looks the parts up under. */
  manufacturerId: number;
  manufacturerName: string;
  /** Bulk add's text: one "part quantity" per line. */
  text: string;
}

/**
 * Buy again (beyond the spec): the order's lines as bulk-add text, one list per manufacturer,
 * since bulk add looks parts up under one manufacturer at a time. A line's manufacturer is found
 * by its name among the store's; an unknown one falls back to the store's bulk-add default.
 * Lines without a part number or quantity are left out.
 */
export function buyAgainLists(
  items: readonly OrderItem[] | null | undefined,
  manufacturers: readonly { id: number; name: string }[],
  defaultManufacturer: number,
): BuyAgainList[] {
  const byName = new Map(manufacturers.map((maker) => [maker.name.trim().toLowerCase(), maker]));
  const fallback = manufacturers.find((maker) => maker.id === defaultManufacturer) ?? {
    id: defaultManufacturer,
    name: '',
  };
  const lists = new Map<number, { name: string; lines: string[] }>();
  for (const item of items ?? []) {
    const sku = (item.sku ?? '').trim();
    const quantity = Math.floor(toNumber(item.quantity));
    if (!sku || /\s/.test(sku) || quantity < 1) continue;
    const maker = byName.get((item.manufacturer ?? '').trim().toLowerCase()) ?? fallback;
    const list = lists.get(maker.id) ?? { name: maker.name, lines: [] };
    if (list.lines.length < BUY_AGAIN_MAX_LINES) list.lines.push(`${sku} ${quantity}`);
    lists.set(maker.id, list);
  }
  return [...lists].map(([manufacturerId, list]) => ({
    manufacturerId,
    manufacturerName: list.name,
    text: list.lines.join('\n'),
  }));
}

/** The bulk-add page with the list prefilled: it looks the parts up at once (`?mfg=&parts=`). */
export function buyAgainHref(list: BuyAgainList, localePrefix = ''): string {
  const query = new URLSearchParams({ mfg: String(list.manufacturerId), parts: list.text });
  return `${localePrefix}/bulk-add-items/?${query.toString()}`;
}

/** Every tracking number of the order, lines first, once each. */
export function allTrackingNumbers(record: OrderRecord): string[] {
  const numbers = new Set<string>();
  for (const item of record.items ?? []) {
    const tracking = item.tracking?.trim();
    if (tracking) numbers.add(tracking);
  }
  for (const tracking of orderTrackingNumbers(record)) numbers.add(tracking);
  return [...numbers];
}

// Price breakdown and invoice ---------------------------------------------------------------------

/**
 * The price of each history line, from the order's invoice: the history record carries no prices,
 * the invoice no line statuses. A line takes the first invoice line of its part number not taken
 * by an earlier one; a line the invoice does not price has none (null), never a guessed one.
 */
export function linePrices(
  items: readonly OrderItem[],
  invoiceItems: readonly Pick<InvoiceItem, 'sku' | 'quantity' | 'your_price' | 'ext_price'>[],
): (LineRow | null)[] {
  const taken = new Set<number>();
  return items.map((item) => {
    const sku = (item.sku ?? '').trim();
    const index = invoiceItems.findIndex((line, at) => !taken.has(at) && sku !== '' && line.sku.trim() === sku);
    const line = invoiceItems[index];
    if (!line) return null;
    taken.add(index);
    return lineRow(line.quantity, line.your_price, line.ext_price);
  });
}

/** How many invoices the history asks for at once, on the server and in the browser alike. */
export const INVOICES_IN_FLIGHT = 4;

/** The order's invoice on a page of its own, to read and print. */
export function invoiceHref(displayNumber: string, localePrefix = ''): string {
  return `${localePrefix}/order-history/invoice/?${new URLSearchParams({ order: displayNumber }).toString()}`;
}
