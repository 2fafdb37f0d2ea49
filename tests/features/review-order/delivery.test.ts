import { describe, expect, it } from 'vitest';
import { deliveryRange, deliveryRangeText } from '~/features/review-order/delivery';

/** The range as store calendar days, YYYY-MM-DD. */
function days(range: [Date, Date] | null): string[] | null {
  return range && range.map((day) => day.toISOString().slice(0, 10));
}

// Wednesday 25 November 2026: 10:00 and 16:00 in Salt Lake City (UTC-7).
const wednesdayMorning = new Date('2026-11-25T17:00:00Z');
const wednesdayEvening = new Date('2026-11-25T23:00:00Z');

describe('deliveryRange', () => {
  it('counts the transit in business days from today before the 3 PM cutoff', () => {
    expect(days(deliveryRange('04', wednesdayMorning, false))).toEqual(['2026-11-30', '2026-12-02']);
    expect(days(deliveryRange('01', wednesdayMorning, false))).toEqual(['2026-11-26', '2026-11-26']);
    expect(days(deliveryRange('09', wednesdayMorning, false))).toEqual(['2026-12-04', '2026-12-09']);
  });

  it('leaves the next business day after the cutoff, in store time', () => {
    expect(days(deliveryRange('04', wednesdayEvening, false))).toEqual(['2026-12-01', '2026-12-03']);
    // 22:00 on Wednesday in the store is already Thursday in UTC.
    expect(days(deliveryRange('01', new Date('2026-11-26T05:00:00Z'), false))).toEqual(['2026-11-27', '2026-11-27']);
  });

  it('leaves on Monday when ordered at the weekend', () => {
    expect(days(deliveryRange('01', new Date('2026-11-28T17:00:00Z'), false))).toEqual(['2026-12-01', '2026-12-01']);
    expect(days(deliveryRange('02', new Date('2026-11-29T17:00:00Z'), false))).toEqual(['2026-12-02', '2026-12-02']);
  });

  it('adds 3 to 5 business days when the basket waits for non-stock items', () => {
    expect(days(deliveryRange('04', wednesdayMorning, true))).toEqual(['2026-12-03', '2026-12-09']);
  });

  it('gives parcel post no range: it has no end', () => {
    expect(deliveryRange('07', wednesdayMorning, false)).toBeNull();
  });
});

describe('deliveryRangeText', () => {
  it('writes the spaces around the dash as plain spaces, whichever the runtime uses', () => {
    const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const text = deliveryRangeText(format, [new Date('2026-12-01T12:00:00Z'), new Date('2026-12-03T12:00:00Z')]);
    expect(text).toBe('Dec 1 \u2013 3');
  });
});
