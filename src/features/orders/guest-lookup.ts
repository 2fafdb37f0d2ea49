import { isOneOf } from '~/lib/is-one-of';
import { isEmail } from '~/lib/email';
import type { OrderRecord } from '~/lib/store-api/orders';
import type { MessageRef } from '~/lib/i18n/message-ref';
import { failureStatus, type Result } from '~/lib/store-api/result';

/** A guest's order lookup: spec checkout §2 (Order info), §5, §7 (Guest order lookup), §8. */

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
  /** The store API was out: the page answers as an outage. */
  outage?: true;
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

/**
 * The errors the lookup page shows as it is drawn: every field's after a post (as after a submit),
 * else those of the values a link prefilled, so the shopper sees why nothing was looked up; an
 * empty field nobody has filled yet says nothing.
 */
export function shownLookupErrors(form: LookupForm, posted: boolean): LookupErrors {
  const errors = validateLookup(form);
  if (posted) return errors;
  const given = { email: form.email, orderNo: form.orderNo, invoiceNo: form.invoiceNo };
  return Object.fromEntries(Object.entries(errors).filter(([field]) => given[field as keyof typeof given] !== ''));
}
