/**
 * Order follow-up rules of the reference API (spec checkout §3 Order history record, §4
 * Cancellation, §5, §7, §9): the history window and what a cancellation does to an order.
 */
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
export const LINE_STATUSES = ['Pending', 'Processing', 'Filled', 'Dropshipped', 'Completed', 'Void'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/** Order history never reaches further back than this. */
export const HISTORY_MAX_DAYS = 60;
export const LEGACY_RANGES = ['month', 'year', 'all'] as const;
export type LegacyRange = (typeof LEGACY_RANGES)[number];

const DAY = 86_400_000;

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** 'YYYY-MM-DD' as a UTC day, or null when it is not a real date. */
export function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCDate() === Number(match[3]) && date.getUTCMonth() === Number(match[2]) - 1 ? date : null;
}

export interface HistoryWindow {
  from: Date;
  to: Date;
}

/** The same UTC day some months back, kept inside the target month (a month before March 31 is February's last day). */
export function monthsBefore(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/**
 * The window of a history call: from `from_date`, else the start of the legacy range (a month or a
 * year back, or no bound for `all`), never earlier than 60 days ago; to the end of `to_date`
 * (default today). Null when the window is empty.
 */
export function historyWindow(
  now: Date,
  input: { fromDate: Date | null; toDate: Date | null; range: LegacyRange | null },
): HistoryWindow | null {
  const floor = new Date(now.getTime() - HISTORY_MAX_DAYS * DAY);
  let from: Date = floor;
  if (input.fromDate) from = input.fromDate;
  else if (input.range === 'month') from = monthsBefore(now, 1);
  else if (input.range === 'year') from = monthsBefore(now, 12);
  if (from < floor) from = floor;
  const to = new Date(startOfUtcDay(input.toDate ?? now).getTime() + DAY - 1);
  return from <= to ? { from, to } : null;
}

export type CancellationOutcome = 'cancelled' | 'requested' | 'refused';

/** Statuses that are already leaving or left the warehouse, or are over. */
const REFUSED: ReadonlySet<string> = new Set([
  'partially_shipped',
  'shipped',
  'en_route',
  'delivered',
  'delivery_exception',
  'cancelled',
]);
/** Not yet picked: staff can stop it at once. */
const AT_ONCE: ReadonlySet<string> = new Set(['pending', 'waiting_on_manufacturer']);

/**
 * Pending or waiting orders are cancelled at once (200); orders being picked in the warehouse get a
 * cancellation request for staff (406); shipped, partially shipped or void orders are refused (409).
 */
export function cancellationOutcome(order: { status: string; void: boolean }): CancellationOutcome {
  if (order.void || REFUSED.has(order.status)) return 'refused';
  if (AT_ONCE.has(order.status)) return 'cancelled';
  return 'requested';
}

export const CANCEL_REFUSED_MESSAGE =
  'Order cannot be cancelled as it is already being prepared for shipment or is already shipped';
export const CANCEL_REASONS = [
  'ordered_by_mistake',
  'not_in_stock',
  'found_elsewhere',
  'other',
  'customer_cancelled',
] as const;

/** Whether the customer may still change or cancel an order of this status. */
export function customerCanEdit(status: string): boolean {
  return AT_ONCE.has(status) || status === 'in_stock' || status === 'awaiting_shipment';
}

/** Orders shown plus 1000; numbers of the new shop (S-prefixed) as they are. */
export function orderNoFromDisplay(display: string): string | null {
  const text = display.trim();
  if (/^S\d+$/i.test(text)) return text.toUpperCase();
  if (/^\d{1,12}$/.test(text) && Number(text) > 1000) return String(Number(text) - 1000);
  return null;
}
