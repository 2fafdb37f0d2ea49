/**
 * Another island's way to open support (review order's "Live chat"): it asks the launcher, which
 * loads what support needs on first use and shows the chat or the offline dialog where it always does.
 */
export const SUPPORT_REQUEST_EVENT = 'parts:support-request';

export function requestSupport(): void {
  window.dispatchEvent(new Event(SUPPORT_REQUEST_EVENT));
}
