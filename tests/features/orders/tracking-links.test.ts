import { describe, expect, it } from 'vitest';
import { allTrackingNumbers, orderTrackingNumbers, trackingHref } from '~/features/orders/tracking-links';

describe('tracking links', () => {
  it('point to our tracking page with the number encoded', () => {
    expect(trackingHref('1Z 99&x')).toBe('/public/tracking/?trackingNumber=1Z%2099%26x');
    expect(trackingHref('ABC', '/fr')).toBe('/fr/public/tracking/?trackingNumber=ABC');
  });

  it('list the tracking numbers of the order that no line shows, once each', () => {
    expect(
      orderTrackingNumbers({
        orderno: { order_no: 1 },
        items: [{ tracking: 'A' }, { tracking: '' }],
        trackings: [{ name: 'B', link: 'x' }, { name: 'A' }, { name: 'B' }, { name: ' ' }],
      }),
    ).toEqual(['B']);
  });

  it('lists every tracking number once, lines first', () => {
    expect(
      allTrackingNumbers({
        orderno: { order_no: 1 },
        items: [{ tracking: ' A ' }, { tracking: 'A' }, { tracking: null }],
        trackings: [{ name: 'B' }, { name: 'A' }],
      }),
    ).toEqual(['A', 'B']);
  });
});
