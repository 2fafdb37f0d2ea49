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

/** A request id as the site and nginx name a request (the site's `request-id.mjs` accepts the same). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request an event was recorded for, which records it once (per type): its own `request_id`;
 * for a single event without one, the X-Request-Id its call carried. A batch's call names the
 * request whose flush sent it, not each event's page, so its events name their own or none.
 * An id the pattern refuses names nothing.
 */
export function eventRequestId(
  event: Readonly<Record<string, unknown>>,
  callRequestId: string | undefined,
  single: boolean,
): string | null {
  const own = event['request_id'];
  if (typeof own === 'string') return REQUEST_ID_PATTERN.test(own) ? own : null;
  return single && callRequestId !== undefined && REQUEST_ID_PATTERN.test(callRequestId) ? callRequestId : null;
}
