import { PUBLIC_PAGE_CACHE } from '~/lib/http/cache';
import {
  historyNewestFirst,
  isDelivered,
  parcelEstimatedDelivery,
  PARCEL_STEP,
  trackerStep,
  selectTrackingView,
  trackingProgress,
  trackingSchema,
  type Tracking,
  type TrackingEvent,
  type TrackingView,
} from './tracking';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendFromServer } from '~/lib/store-api/server';

/** No number asked, an answer to show, or a store API that could not answer. */
export type TrackingState = { kind: 'missing' } | { kind: 'failed' } | TrackingView;

/** What the tracking page renders. */
export interface TrackingPageView {
  trackingNumber: string;
  state: Exclude<TrackingState, { kind: 'redirect' }>;
  carrier: Tracking | null;
  carrierHistory: TrackingEvent[];
  /** Percent, 0 to 100. */
  carrierProgress: number;
  parcel: Tracking | null;
  parcelEta: Date | null;
  /** How far the shipment is on the four-step tracker (0 to 3), or null when there is no shipment. */
  step: number | null;
}

export type TrackingPage =
  { redirect: string; cacheControl: string } | { view: TrackingPageView; status: number; cacheControl: string };

/** The state of an answer: a readable one is shown; 404 means nothing shipped yet; anything else failed. */
export function trackingStateOf(answer: { ok: true; body: unknown } | { ok: false; status: number }): TrackingState {
  const parsed = answer.ok ? trackingSchema.safeParse(answer.body) : null;
  if (parsed?.success) return selectTrackingView(parsed.data);
  return !answer.ok && answer.status === 404 ? { kind: 'none' } : { kind: 'failed' };
}

/**
 * Status and cache policy of a state: a missing or unknown shipment is a 404, a failure a 503 that
 * no cache may keep (the next visit must ask again); answers are shared for a few minutes.
 */
export function trackingResponse(state: TrackingState): { status: number; cacheControl: string } {
  if (state.kind === 'failed') return { status: 503, cacheControl: 'no-store' };
  if (state.kind === 'missing' || state.kind === 'none') return { status: 404, cacheControl: PUBLIC_PAGE_CACHE };
  return { status: 200, cacheControl: PUBLIC_PAGE_CACHE };
}

/** The view of a state other than a redirect. */
export function trackingPageView(trackingNumber: string, state: TrackingPageView['state']): TrackingPageView {
  const carrier = state.kind === 'carrier' ? state.tracking : null;
  const parcel = state.kind === 'parcel' ? state.tracking : null;
  const carrierHistory = carrier ? historyNewestFirst(carrier.packageHistory ?? []) : [];
  return {
    trackingNumber,
    state,
    carrier,
    carrierHistory,
    carrierProgress: carrier ? trackingProgress(isDelivered(carrier), carrierHistory.length) : 0,
    parcel,
    parcelEta: parcel ? parcelEstimatedDelivery(parcel.dateCreated) : null,
    step: carrier ? trackerStep(carrier) : parcel ? PARCEL_STEP : null,
  };
}

/** /public/tracking/?trackingNumber=…: asks the store API, then redirects or describes the page. */
export async function loadTrackingPage(url: URL): Promise<TrackingPage> {
  const trackingNumber = (url.searchParams.get('trackingNumber') ?? '').trim();
  const state: TrackingState = trackingNumber
    ? trackingStateOf(await sendFromServer(ENDPOINTS.trackingGet, { params: { trackingNumber } }))
    : { kind: 'missing' };
  if (state.kind === 'redirect') return { redirect: state.url, cacheControl: PUBLIC_PAGE_CACHE };
  return { view: trackingPageView(trackingNumber, state), ...trackingResponse(state) };
}
