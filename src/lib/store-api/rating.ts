/** Whom a rating link greets: the check's dealer and first name (GET admin/public/rate_merchant/{orderNoEnc}). */
export interface RatingGreeting {
  dealer: string;
  firstName: string;
}

/** A greeting needs one of the names from the rating check; null when the answer has neither. */
export function toRatingGreeting(body: unknown): RatingGreeting | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const dealer = typeof record['DEALERNAME'] === 'string' ? record['DEALERNAME'] : '';
  const firstName = typeof record['FNAME'] === 'string' ? record['FNAME'] : '';
  return dealer || firstName ? { dealer, firstName } : null;
}

/** The encoded order number a rating link carries (the developer page's tool); null when the answer has none. */
export function toEncodedOrderNumber(body: unknown): string | null {
  const encoded = body && typeof body === 'object' ? (body as Record<string, unknown>)['encoded'] : undefined;
  return typeof encoded === 'string' ? encoded : null;
}
