import { config } from '~/config';
import { storeApi } from '~/lib/server/store-api';

export interface PageView {
  path: string;
  locale: string;
  referrer: string;
}

const PAGE_VIEW_TIMEOUT_MS = 2000;

/**
 * Records a page view with the store's analytics sink from the server, so every page counts,
 * including those that ship no JavaScript; it never delays or breaks the page.
 */
export function sendPageView(view: PageView): void {
  void storeApi('analytics', {
    method: 'POST',
    body: { type: 'page_view', path: view.path, locale: view.locale, referrer: view.referrer, store_id: config.STORE_ID, timestamp: Date.now() },
    timeoutMs: PAGE_VIEW_TIMEOUT_MS,
  }).catch(() => undefined);
}
