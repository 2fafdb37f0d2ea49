import { atom } from 'nanostores';
import { browser } from '~/lib/browser';
import { toWarehouseStatus, type WarehouseStatus } from '~/lib/store-api/warehouse';
import { fetchWarehouseStatus } from './warehouse.api';
import { isCacheFresh, storeDay, WAREHOUSE_CACHE_KEY } from './warehouse';

export type WarehouseState = { state: 'loading' | 'error' } | { state: 'success'; report: WarehouseStatus };

export const $warehouse = atom<WarehouseState>({ state: 'loading' });

function cached(): WarehouseStatus | null {
  try {
    const raw = browser().localStorage()?.getItem(WAREHOUSE_CACHE_KEY);
    if (!raw) return null;
    return toWarehouseStatus(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** One-day cache: a report dated today or later is reused, otherwise it is fetched again. */
export async function loadWarehouseStatus(now = new Date()): Promise<void> {
  const stored = cached();
  if (isCacheFresh(stored, now) && stored) {
    $warehouse.set({ state: 'success', report: stored });
    return;
  }
  $warehouse.set({ state: 'loading' });
  const report = await fetchWarehouseStatus();
  if (!report) {
    $warehouse.set({ state: 'error' });
    return;
  }
  // A report without its own date counts for the day it was fetched.
  const dated = report.date ? report : { ...report, date: storeDay(now) };
  try {
    browser().localStorage()?.setItem(WAREHOUSE_CACHE_KEY, JSON.stringify(dated));
  } catch {
    // Without storage the report is simply fetched on the next visit.
  }
  $warehouse.set({ state: 'success', report: dated });
}
