import { describe, expect, it } from 'vitest';
import { failed } from '~/lib/store-api/result';
import { STORE_API_TIMEOUT_ERROR } from '~/lib/store-api/server';
import { PUBLIC_PAGE_CACHE } from '~/lib/http/cache';
import { displayDate } from '~/features/tracking/tracking';
import { trackingPageView, trackingResponse, trackingStateOf } from '~/features/tracking/tracking.server';

const refused = (status: number) => failed({ kind: 'http', status, message: '', body: null });

describe('tracking page controller', () => {
  it('reads an answer: a carrier, parcel post, a third party page or nothing shipped', () => {
    expect(trackingStateOf({ ok: true, value: { dataType: 'easyPost', packageHistory: [] } }).kind).toBe('carrier');
    expect(trackingStateOf({ ok: true, value: { dataType: 'parcel', dateCreated: '2026-11-01T10:00:00Z' } }).kind).toBe(
      'parcel',
    );
    expect(
      trackingStateOf({
        ok: true,
        value: { dataType: 'other', thirdPartyTracking: { trackingUrl: 'https://carrier.example/t' } },
      }),
    ).toEqual({
      kind: 'redirect',
      url: 'https://carrier.example/t',
    });
    expect(trackingStateOf(refused(404))).toEqual({ kind: 'none' });
  });

  it('counts an unreadable answer or any other failure, a timeout too, as failed', () => {
    expect(trackingStateOf(refused(200))).toEqual({ kind: 'failed' });
    expect(trackingStateOf(refused(500))).toEqual({ kind: 'failed' });
    expect(trackingStateOf(failed({ kind: 'offline', message: 'store API unreachable' }))).toEqual({ kind: 'failed' });
    expect(trackingStateOf(failed({ kind: 'offline', message: STORE_API_TIMEOUT_ERROR }))).toEqual({ kind: 'failed' });
  });

  it('answers 200 for the form without a number, 404 for an unknown one, 503 uncached for a failure, and caches answers', () => {
    expect(trackingResponse({ kind: 'missing' })).toEqual({ status: 200, cacheControl: PUBLIC_PAGE_CACHE });
    expect(trackingResponse({ kind: 'none' })).toEqual({ status: 404, cacheControl: PUBLIC_PAGE_CACHE });
    expect(trackingResponse({ kind: 'failed' })).toEqual({ status: 503, cacheControl: 'no-store' });
    expect(trackingResponse({ kind: 'limited' })).toEqual({ status: 429, cacheControl: 'no-store' });
    expect(trackingResponse({ kind: 'parcel', tracking: {} })).toEqual({
      status: 200,
      cacheControl: PUBLIC_PAGE_CACHE,
    });
  });

  it('shows a carrier history newest first with its progress', () => {
    const view = trackingPageView('1Z', {
      kind: 'carrier',
      tracking: {
        packageHistory: [
          { status: 'IN_TRANSIT', datetime: '2026-11-01T10:00:00Z' },
          { status: 'DELIVERED', datetime: '2026-11-03T10:00:00Z' },
        ],
      },
    });
    expect(view.carrierHistory.map((event) => event.status)).toEqual(['DELIVERED', 'IN_TRANSIT']);
    expect(view.carrierProgress).toEqual({ reached: 4, total: 4 });
    expect(view.parcel).toBeNull();
    expect(view.step).toBe(3);
    expect(trackingPageView('PP', { kind: 'parcel', tracking: { dataType: 'parcel' } }).carrierProgress).toBeNull();
    expect(trackingPageView('', { kind: 'missing' })).toMatchObject({
      carrier: null,
      parcel: null,
      carrierHistory: [],
      carrierProgress: null,
      parcelEta: null,
      step: null,
    });
  });

  it('shows a date it cannot read as sent', () => {
    expect(displayDate('en', 'soon')).toBe('soon');
    expect(displayDate('en', null)).toBe('');
    expect(displayDate('en', '2026-03-05T18:00:00Z', false)).toBe('Mar 5, 2026');
  });
});
