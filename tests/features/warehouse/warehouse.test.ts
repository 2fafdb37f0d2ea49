import { describe, expect, it } from 'vitest';
import { bandLabel, isCacheFresh, storeDay } from '~/features/warehouse/warehouse';
import { isWarehouseColour } from '~/lib/store-api/warehouse';

describe('warehouse cache', () => {
  const now = new Date('2026-11-23T18:00:00Z');
  it('reuses a report dated today or later', () => {
    expect(isCacheFresh({ date: '2026-11-23' }, now)).toBe(true);
    expect(isCacheFresh({ date: '2026-11-24' }, now)).toBe(true);
    expect(isCacheFresh({ date: '2026-11-22' }, now)).toBe(false);
    expect(isCacheFresh({ date: 'soon' }, now)).toBe(false);
    expect(isCacheFresh(null, now)).toBe(false);
  });
  it('counts days in store time', () => {
    // 03:00 UTC on the 23rd is still the 22nd in Denver.
    expect(storeDay(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    expect(isCacheFresh({ date: '2026-11-22' }, new Date('2026-11-23T03:00:00Z'))).toBe(true);
  });
});

describe('warehouse bands', () => {
  it('labels in-stock buckets', () => {
    expect(bandLabel('in_stock', 0).key).toBe('warehouse.band.sameDay');
    expect(bandLabel('in_stock', 1).key).toBe('warehouse.band.nextDay');
    expect(bandLabel('in_stock', 4)).toEqual({ key: 'warehouse.band.plusDays', params: { days: 4 } });
    expect(bandLabel('in_stock', 99).key).toBe('warehouse.band.moreThanSeven');
  });
  it('labels non-stocked buckets', () => {
    expect(bandLabel('non_stocked', '3-5').key).toBe('warehouse.band.threeToFive');
    expect(bandLabel('non_stocked', 6).key).toBe('warehouse.band.sixToSeven');
    expect(bandLabel('non_stocked', 99).key).toBe('warehouse.band.moreThanSeven');
  });
  it('knows the colours', () => {
    expect(['green', 'yellow', 'red', 'blue'].map(isWarehouseColour)).toEqual([true, true, true, false]);
  });
});
