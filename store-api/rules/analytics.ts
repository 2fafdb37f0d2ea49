/**
 * What the analytics sink keeps: small events, page addresses without their query (a query can
 * carry `?token=` or `?email=`), for a bounded time.
 */
export const ANALYTICS_MAX_BODY_BYTES = 16 * 1024;
export const ANALYTICS_MAX_BATCH = 50;
export const ANALYTICS_RETENTION_DAYS = 30;
/** Events kept at most, whatever their age; the oldest go first. */
export const ANALYTICS_MAX_ROWS = 100_000;

/** Fields of an event that hold a page address. */
const ADDRESS_FIELDS = ['path', 'referrer', 'referer', 'url', 'page', 'location'] as const;

/** An address without query string and fragment: `https://a.example/p/?email=x#y` gives `https://a.example/p/`. */
export function withoutQuery(address: string): string {
  const cut = address.search(/[?#]/);
  return cut === -1 ? address : address.slice(0, cut);
}

/** The event as stored: every address field stripped of its query. */
export function storedEvent(event: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...event };
  for (const field of ADDRESS_FIELDS) {
    const value = stored[field];
    if (typeof value === 'string') stored[field] = withoutQuery(value);
  }
  return stored;
}

/** The oldest moment an event may have been stored at and still be kept. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
