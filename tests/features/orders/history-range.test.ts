import { describe, expect, it } from 'vitest';
import { historyQuery } from '~/features/orders/history-range';

describe('date range and dates', () => {
  const today = new Date('2026-11-22T15:00:00Z');

  it('asks for the past month by default range, the past year, or everything', () => {
    expect(historyQuery('month', today, 'marine')).toEqual({
      legacy_date_range: 'month',
      from_date: '2026-10-22',
      to_date: '2026-11-22',
      store_id: 'marine',
    });
    expect(historyQuery('year', today, 'cycle')).toMatchObject({ legacy_date_range: 'year', from_date: '2025-11-22' });
    expect(historyQuery('all', today, 'marine')).not.toHaveProperty('from_date');
  });

  it('keeps a month or a year back inside the target month at the end of a month', () => {
    expect(historyQuery('month', new Date('2026-03-31T10:00:00Z'), 'marine')).toMatchObject({
      from_date: '2026-02-28',
      to_date: '2026-03-31',
    });
    expect(historyQuery('month', new Date('2028-03-30T23:30:00Z'), 'marine')).toMatchObject({
      from_date: '2028-02-29',
    });
    expect(historyQuery('month', new Date('2026-01-15T00:00:00Z'), 'marine')).toMatchObject({
      from_date: '2025-12-15',
    });
    expect(historyQuery('year', new Date('2028-02-29T12:00:00Z'), 'marine')).toMatchObject({ from_date: '2027-02-28' });
  });
});
