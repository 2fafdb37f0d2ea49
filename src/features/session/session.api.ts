import { request } from '~/lib/api/client';

/** Guest authorization on: the guest record of the basket. */
export function guestRecordCall(basketNum: string) {
  return request<Record<string, unknown>>({ flag: 'guestGet', url: `a/guest/${encodeURIComponent(basketNum)}`, noCache: true });
}
