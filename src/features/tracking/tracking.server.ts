import { PUBLIC_PAGE_CACHE } from '~/lib/http/cache';
import { createRateWindow, type RateRule } from '~/lib/server/rate-window';
import {
  deliveryProgress,
  historyNewestFirst,
  parcelEstimatedDelivery,
  PARCEL_STEP,
  trackerStep,
  selectTrackingView,
  type DeliveryProgress,
  type TrackingView,
} from './tracking';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendFromServer } from '~/lib/store-api/server';
import { failureStatus, type Result } from '~/lib/store-api/result';
import type { Tracking, TrackingEvent } from '~/lib/store-api/tracking';

/** No number asked, an answer to show, a store API that could not answer, or too many look-ups. */
export type TrackingState = { kind: 'missing' } | { kind: 'failed' } | { kind: 'limited' } | TrackingView;

/**
 * Look-ups one address may make: plenty for the parcels of a household or an office, too few to
 * walk through tracking numbers (a page names who signed for a parcel, and where). Counted per
 * instance; nginx counts across instances (deploy/nginx.conf, docs/SECURITY.md).
 */
export const TRACKING_LOOKUPS: RateRule = { limit: 60, windowMs: 60_000 };
const lookups = createRateWindow(TRACKING_LOOKUPS);

/** Who asks: the visitor's address, and whether the end-to-end switch lifts the limit (never in production). */
export interface TrackingVisitor {
  address: string | undefined;
  unlimited: boolean;
}

/** What the tracking page renders. */
export interface TrackingPageView {
  trackingNumber: string;
  state: Exclude<TrackingState, { kind: 'redirect' }>;
  carrier: Tracking | null;
  carrierHistory: TrackingEvent[];
  /** A carrier shipment's progress in tracker steps; parcel post has none. */
  carrierProgress: DeliveryProgress | null;
  parcel: Tracking | null;
  parcelEta: Date | null;
  /** How far the shipment is on the four-step tracker (0 to 3), or null when there is no shipment. */
  step: number | null;
}

export type TrackingPage =
  { redirect: string; cacheControl: string } | { view: TrackingPageView; status: number; cacheControl: string };

/** The state of an answer: a readable one is shown; 404 means nothing shipped yet; anything else failed. */
export function trackingStateOf(answer: Result<Tracking>): TrackingState {
  if (answer.ok) return selectTrackingView(answer.value);
  return failureStatus(answer.failure) === 404 ? { kind: 'none' } : { kind: 'failed' };
}

/**
 * Status and cache policy of a state: an unknown shipment is a 404, a failure a 503 that no cache
 * may keep (the next visit must ask again); answers are shared for a few minutes. No number at all
 * is the page's own form, where the cart, the footer and the 404 page send people: a 200.
 */
export function trackingResponse(state: TrackingState): { status: number; cacheControl: string } {
  if (state.kind === 'failed') return { status: 503, cacheControl: 'no-store' };
  if (state.kind === 'limited') return { status: 429, cacheControl: 'no-store' };
  if (state.kind === 'none') return { status: 404, cacheControl: PUBLIC_PAGE_CACHE };
  return { status: 200, cacheControl: PUBLIC_PAGE_CACHE };
}

/** The view of a state other than a redirect. */
export function trackingPageView(trackingNumber: string, state: TrackingPageView['state']): TrackingPageView {
  const carrier = state.kind === 'carrier' ? state.tracking : null;
  const parcel = state.kind === 'parcel' ? state.tracking : null;
  const carrierHistory = carrier ? historyNewestFirst(carrier.packageHistory ?? []) : [];
  const step = carrier ? trackerStep(carrier) : parcel ? PARCEL_STEP : null;
  return {
    trackingNumber,
    state,
    carrier,
    carrierHistory,
    carrierProgress: carrier && step !== null ? deliveryProgress(step) : null,
    parcel,
    parcelEta: parcel ? parcelEstimatedDelivery(parcel.dateCreated) : null,
    step,
  };
}

async function lookUp(trackingNumber: string, visitor: TrackingVisitor, now: number): Promise<TrackingState> {
  if (!trackingNumber) return { kind: 'missing' };
  if (!visitor.unlimited && !lookups.take(visitor.address ?? 'unknown', now)) return { kind: 'limited' };
  return trackingStateOf(await sendFromServer(ENDPOINTS.trackingGet, { params: { trackingNumber } }));
}

/** /public/tracking/?trackingNumber=…: asks the store API, then redirects or describes the page. */
export async function loadTrackingPage(url: URL, visitor: TrackingVisitor, now = Date.now()): Promise<TrackingPage> {
  const trackingNumber = (url.searchParams.get('trackingNumber') ?? '').trim();
  const state = await lookUp(trackingNumber, visitor, now);
  if (state.kind === 'redirect') return { redirect: state.url, cacheControl: PUBLIC_PAGE_CACHE };
  return { view: trackingPageView(trackingNumber, state), ...trackingResponse(state) };
}
