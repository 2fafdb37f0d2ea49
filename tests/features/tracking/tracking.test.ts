import { describe, expect, it } from 'vitest';
import { createTranslate } from '~/lib/i18n/translate';
import {
  codeAsWords,
  deliveryProgress,
  codeText,
  eventText,
  historyNewestFirst,
  isEventCode,
  locationText,
  parcelEstimatedDelivery,
  parcelHistory,
  safeTrackingUrl,
  selectTrackingView,
  trackerStep,
  TRACKER_STEPS,
} from '~/features/tracking/tracking';
import type { Tracking } from '~/lib/store-api/tracking';

describe('delivery progress', () => {
  it('counts the tracker steps reached, so a shipment in transit is halfway and not a few percent', () => {
    expect(deliveryProgress(0)).toEqual({ reached: 1, total: 4 });
    expect(deliveryProgress(1)).toEqual({ reached: 2, total: 4 });
    expect(deliveryProgress(2)).toEqual({ reached: 3, total: 4 });
  });

  it('is complete once delivered', () => {
    expect(deliveryProgress(TRACKER_STEPS.indexOf('delivered'))).toEqual({ reached: 4, total: 4 });
  });

  it('stays within the tracker for steps it does not know', () => {
    expect(deliveryProgress(-1)).toEqual({ reached: 1, total: 4 });
    expect(deliveryProgress(9)).toEqual({ reached: 4, total: 4 });
  });
});

describe('tracking kind selection', () => {
  const parse = (data: Tracking) => data;

  it('carrier data and parcel post are shown on the page', () => {
    expect(selectTrackingView(parse({ dataType: 'easyPost', packageHistory: [] })).kind).toBe('carrier');
    expect(selectTrackingView(parse({ dataType: 'parcel', dateCreated: '2026-11-01T10:00:00Z' })).kind).toBe('parcel');
  });

  it('other shipments redirect to an http(s) tracking page', () => {
    expect(
      selectTrackingView(
        parse({ dataType: 'other', thirdPartyTracking: { trackingUrl: 'https://carrier.example/t?n=1' } }),
      ),
    ).toEqual({
      kind: 'redirect',
      url: 'https://carrier.example/t?n=1',
    });
  });

  it('anything else has no shipment to show', () => {
    expect(
      selectTrackingView(parse({ dataType: 'other', thirdPartyTracking: { trackingUrl: 'javascript:alert(1)' } })).kind,
    ).toBe('none');
    expect(selectTrackingView(parse({ dataType: 'other' })).kind).toBe('none');
    expect(selectTrackingView(parse({})).kind).toBe('none');
  });
});

describe('third-party URL check', () => {
  it.each(['https://carrier.example/track/1', 'http://carrier.example/'])('accepts %s', (url) => {
    expect(safeTrackingUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/',
    '/relative/path',
    'ftp://carrier.example/',
    'java\nscript:alert(1)',
    '',
    null,
    42,
  ])('refuses %s', (url) => {
    expect(safeTrackingUrl(url)).toBeNull();
  });
});

describe('history and parcel post', () => {
  it('lists history newest first, unreadable dates last', () => {
    const events = [
      { status: 'pre_transit', datetime: '2026-11-01T08:00:00Z' },
      { status: 'delivered', datetime: '2026-11-05T08:00:00Z' },
      { status: 'mystery', datetime: 'not a date' },
      { status: 'in_transit', datetime: '2026-11-03T08:00:00Z' },
    ];
    expect(historyNewestFirst(events).map((event) => event.status)).toEqual([
      'delivered',
      'in_transit',
      'pre_transit',
      'mystery',
    ]);
  });

  it('estimates parcel delivery 20 days after creation', () => {
    expect(parcelEstimatedDelivery('2026-11-01T12:00:00Z')?.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(parcelEstimatedDelivery('garbage')).toBeNull();
  });

  it('has a fixed two-step history, newest first', () => {
    const steps = parcelHistory('2026-11-01T12:00:00Z');
    expect(steps.map((step) => step.key)).toEqual(['tracking.parcel.stepInTransit', 'tracking.parcel.stepShipped']);
    expect(steps[1]?.date?.toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });

  it("joins the known parts of a location, the country in the shopper's language", () => {
    expect(locationText({ tracking_location: { city: 'Provo', state: 'UT', country: 'US' } }, 'en')).toBe(
      'Provo, UT, United States',
    );
    expect(locationText({ tracking_location: { city: 'Lyon', state: null, country: 'FR' } }, 'es')).toBe(
      'Lyon, Francia',
    );
    expect(locationText({}, 'en')).toBe('');
  });
});

describe('event texts (carrier codes translated)', () => {
  const t = createTranslate({
    'tracking.state.arrival_scan': 'Llegó a la instalación',
    'tracking.state.in_transit': 'En tránsito',
    'tracking.state.delivered': 'Entregado',
  });

  it('tells carrier codes from sentences', () => {
    expect(isEventCode('ARRIVAL_SCAN')).toBe(true);
    expect(isEventCode('BILLING_INFORMATION_RECEIVED')).toBe(true);
    expect(isEventCode('in_transit')).toBe(true);
    expect(isEventCode('Out For Delivery Today')).toBe(false);
    expect(isEventCode('Delivered, front door')).toBe(false);
    expect(isEventCode('USPS')).toBe(true);
    expect(isEventCode('')).toBe(false);
  });

  it("translates a code and leaves a carrier's sentence as sent", () => {
    expect(eventText(t, 'ARRIVAL_SCAN')).toBe('Llegó a la instalación');
    expect(eventText(t, ' Delivered, front door ')).toBe('Delivered, front door');
    expect(eventText(t, null)).toBe('');
  });

  it('reads an unknown code as words rather than as a code', () => {
    expect(eventText(t, 'CUSTOMS_HOLD')).toBe('Customs hold');
    expect(codeAsWords('out_for_delivery')).toBe('Out for delivery');
  });

  it('translates statuses, single words included', () => {
    expect(codeText(t, 'delivered')).toBe('Entregado');
    expect(codeText(t, 'in_transit')).toBe('En tránsito');
    expect(codeText(t, 'return_to_sender')).toBe('Return to sender');
    expect(codeText(t, undefined)).toBe('');
  });
});

describe('the four-step tracker', () => {
  const event = (status: string, message = '') => ({ status, message, datetime: null, tracking_location: null });

  it('names its steps by the carrier statuses, in order', () => {
    expect(TRACKER_STEPS).toEqual(['pre_transit', 'in_transit', 'out_for_delivery', 'delivered']);
  });

  it.each([
    ['pre_transit', 0],
    ['in_transit', 1],
    ['out_for_delivery', 2],
    ['delivered', 3],
    ['Delivered', 3],
    ['unknown', 0],
    ['failure', 0],
  ])('a package status %s is step %i', (status, step) => {
    expect(trackerStep({ packageStatus: { status }, packageHistory: [] })).toBe(step);
  });

  it('reads the event codes of the carriers', () => {
    expect(trackerStep({ packageHistory: [event('', 'BILLING_INFORMATION_RECEIVED')] })).toBe(0);
    expect(trackerStep({ packageHistory: [event('', 'DEPARTURE_SCAN')] })).toBe(1);
    expect(trackerStep({ packageHistory: [event('', 'ARRIVAL_SCAN')] })).toBe(1);
  });

  it('takes the furthest step that any status or event reached, in any order', () => {
    expect(
      trackerStep({
        packageStatus: { status: 'in_transit' },
        packageHistory: [
          event('in_transit'),
          event('out_for_delivery', 'Out For Delivery Today'),
          event('pre_transit'),
        ],
      }),
    ).toBe(2);
    expect(trackerStep({ packageStatus: { status: 'pre_transit' }, packageHistory: [event('delivered')] })).toBe(3);
  });

  it('never reads a carrier sentence as a code', () => {
    expect(trackerStep({ packageHistory: [event('', 'Delivered')] })).toBe(0);
    expect(trackerStep({})).toBe(0);
  });
});
