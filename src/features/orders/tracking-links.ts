import type { OrderRecord } from '~/lib/store-api/orders';

/** Tracking links of the order open our own tracking page. */
export function trackingHref(trackingNumber: string, localePrefix = ''): string {
  return `${localePrefix}/public/tracking/?trackingNumber=${encodeURIComponent(trackingNumber.trim())}`;
}

/** Tracking numbers listed with the order that no line shows already, once each. */
export function orderTrackingNumbers(record: OrderRecord): string[] {
  const onLines = new Set((record.items ?? []).map((item) => item.tracking?.trim()).filter(Boolean));
  const numbers = new Set<string>();
  for (const tracking of record.trackings ?? []) {
    const name = tracking.name?.trim();
    if (name && !onLines.has(name)) numbers.add(name);
  }
  return [...numbers];
}

/** Every tracking number of the order, lines first, once each. */
export function allTrackingNumbers(record: OrderRecord): string[] {
  const numbers = new Set<string>();
  for (const item of record.items ?? []) {
    const tracking = item.tracking?.trim();
    if (tracking) numbers.add(tracking);
  }
  for (const tracking of orderTrackingNumbers(record)) numbers.add(tracking);
  return [...numbers];
}
