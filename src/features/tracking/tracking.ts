import type { Tracking, TrackingEvent } from '~/lib/store-api/tracking';
import { formatDate, formatDateTime } from '~/lib/i18n/format';
import type { Locale } from '~/lib/i18n/locales';
import { countryDisplayName } from '~/lib/i18n/postal';
import { translateIfKnown, type Translate } from '~/lib/i18n/translate';

/** Spec checkout §3 (Tracking), §4 (Tracking progress), §9 (parcel post). */

export const PARCEL_DELIVERY_DAYS = 20;

/** A third-party tracking link is followed only when it is an absolute http(s) URL. */
export function safeTrackingUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters can smuggle another scheme past a browser
  if (!trimmed || /[\u0000-\u001f\u007f]/.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export type TrackingView =
  | { kind: 'carrier'; tracking: Tracking }
  | { kind: 'parcel'; tracking: Tracking }
  | { kind: 'redirect'; url: string }
  | { kind: 'none' };

/** Carrier data, parcel post, a redirect to the third party's page, or nothing to show. */
export function selectTrackingView(tracking: Tracking): TrackingView {
  if (tracking.dataType === 'easyPost') return { kind: 'carrier', tracking };
  if (tracking.dataType === 'parcel') return { kind: 'parcel', tracking };
  const url = safeTrackingUrl(tracking.thirdPartyTracking?.trackingUrl);
  return url ? { kind: 'redirect', url } : { kind: 'none' };
}

function time(value: string | null | undefined): number {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

/** Newest first; events without a readable time go last, keeping their order. */
export function historyNewestFirst(events: readonly TrackingEvent[]): TrackingEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => time(b.event.datetime) - time(a.event.datetime) || a.index - b.index)
    .map(({ event }) => event);
}

/** Parcel post is not trackable: creation plus 20 days is the estimate shown. */
export function parcelEstimatedDelivery(dateCreated: string | null | undefined): Date | null {
  const created = time(dateCreated);
  if (!Number.isFinite(created)) return null;
  return new Date(created + PARCEL_DELIVERY_DAYS * 86400000);
}

export type ParcelStep = { key: 'tracking.parcel.stepShipped' | 'tracking.parcel.stepInTransit'; date: Date | null };

/** The fixed two-step history of a parcel post shipment, newest first like carrier history. */
export function parcelHistory(dateCreated: string | null | undefined): ParcelStep[] {
  const created = time(dateCreated);
  const date = Number.isFinite(created) ? new Date(created) : null;
  return [
    { key: 'tracking.parcel.stepInTransit', date: null },
    { key: 'tracking.parcel.stepShipped', date },
  ];
}

/** "City, State, Country" from whatever parts are known, the country in the shopper's language. */
export function locationText(event: TrackingEvent, locale: Locale): string {
  const where = event.tracking_location;
  const country = where?.country?.trim() ? countryDisplayName(where.country, locale) : '';
  return [where?.city, where?.state, country].filter((part): part is string => Boolean(part?.trim())).join(', ');
}

/** Carriers send some events as codes (ARRIVAL_SCAN, BILLING_INFORMATION_RECEIVED), others as sentences. */
export function isEventCode(text: string | null | undefined): boolean {
  return /^[A-Za-z]+(?:_[A-Za-z]+)+$|^[A-Z]{3,}$/.test((text ?? '').trim());
}

/** A code without a translation reads as words: ARRIVAL_SCAN -> "Arrival scan". */
export function codeAsWords(code: string): string {
  const words = code.trim().replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status or event code in the shopper's language (tracking.state.*), else as words. */
export function codeText(t: Translate, code: string | null | undefined): string {
  const text = (code ?? '').trim();
  if (!text) return '';
  return translateIfKnown(t, `tracking.state.${text.toLowerCase()}`) ?? codeAsWords(text);
}

/** An event's message: a code is translated, a carrier's sentence is shown as sent. */
export function eventText(t: Translate, message: string | null | undefined): string {
  return isEventCode(message) ? codeText(t, message) : (message ?? '').trim();
}

/** A date (with its time, or not) in the shopper's language; one that cannot be read is shown as sent. */
export function displayDate(locale: Locale, value: string | null | undefined, withTime = true): string {
  const date = readDate(value);
  if (!date) return value ?? '';
  return withTime ? formatDateTime(locale, date) : formatDate(locale, date);
}

/** A date-time from the API, or null when it cannot be read. */
export function readDate(value: string | null | undefined): Date | null {
  const parsed = time(value);
  return Number.isFinite(parsed) ? new Date(parsed) : null;
}

/** The four steps of the tracker, in order; each is named by its carrier status (tracking.state.*). */
export const TRACKER_STEPS = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered'] as const;

/** Carrier statuses and event codes, lower case, by the step they reach. */
const STEP_OF_CODE: Readonly<Record<string, number>> = {
  pre_transit: 0,
  label_created: 0,
  billing_information_received: 0,
  in_transit: 1,
  departure_scan: 1,
  arrival_scan: 1,
  accepted: 1,
  available_for_pickup: 2,
  out_for_delivery: 2,
  delivered: 3,
};

function stepOfCode(code: string | null | undefined): number {
  const key = (code ?? '').trim().toLowerCase();
  return Object.hasOwn(STEP_OF_CODE, key) ? (STEP_OF_CODE[key] ?? -1) : -1;
}

/**
 * How far a shipment has come on the four-step tracker (label created, in transit, out for
 * delivery, delivered): the furthest step its status, any event's status or any event's code
 * reaches. A shipment with nothing readable has its label created, since the carrier knows it.
 */
export function trackerStep(tracking: Pick<Tracking, 'packageStatus' | 'packageHistory'>): number {
  let step = stepOfCode(tracking.packageStatus?.status);
  for (const event of tracking.packageHistory ?? []) {
    step = Math.max(step, stepOfCode(event.status), isEventCode(event.message) ? stepOfCode(event.message) : -1);
  }
  return Math.max(0, step);
}

/** Parcel post is handed over and then untracked: it stays in transit until it arrives. */
export const PARCEL_STEP = 1;

/** Delivery progress in the tracker's own steps: `reached` of `total`. */
export interface DeliveryProgress {
  reached: number;
  total: number;
}

/**
 * Progress counts the tracker's steps reached, so the figure and the steps above it say the same
 * thing: the spec's percentage of the history's length read "4 %" for a parcel on its way and
 * "66 %" for one nobody follows. Only a carrier shipment has a figure; parcel post, untracked
 * once handed over, has none.
 */
export function deliveryProgress(step: number): DeliveryProgress {
  const total = TRACKER_STEPS.length;
  const reached = Math.min(total, Math.max(1, Math.trunc(step) + 1));
  return { reached, total };
}
