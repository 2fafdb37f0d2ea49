import { describe, expect, it } from 'vitest';
import { SEED_ORDERS, seedDate } from '../../../store-api/seed/orders.ts';

describe('seeded order dates', () => {
  const now = new Date('2026-11-25T02:40:00Z');

  it('places orders days back, an hour apart', () => {
    expect(seedDate(now, { daysAgo: 1 }, 2).toISOString()).toBe('2026-11-24T00:40:00.000Z');
  });

  it("places an order at its fixed UTC time: 03:30 UTC, the evening before in the store's time zone", () => {
    expect(seedDate(now, { daysAgo: 8, utcHour: 3.5 }, 3).toISOString()).toBe('2026-11-17T03:30:00.000Z');
    const evening = SEED_ORDERS.find((order) => order.orderNo === '600104');
    expect(evening?.utcHour).toBe(3.5);
  });
});
