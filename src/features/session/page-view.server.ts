import { config } from '~/config';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendFromServer } from '~/lib/store-api/server';
import { registerPageViewFlush } from '~/lib/server/observability/page-view-sink.mjs';
import { runWithoutDeadline } from '~/lib/server/observability/request-context';
import { createPageViewBuffer } from './page-view-buffer';

export interface PageView {
  path: string;
  locale: string;
  referrer: string;
}

const PAGE_VIEW_TIMEOUT_MS = 2000;

/** An address without its query and fragment: a Referer can carry `?token=` or `?email=`. */
export function withoutQuery(address: string): string {
  const cut = address.search(/[?#]/);
  return cut === -1 ? address : address.slice(0, cut);
}

const buffer = createPageViewBuffer<Record<string, unknown>>({
  // The timer that sends a batch was set by the request that queued its first view.
  send: (events) =>
    runWithoutDeadline(() =>
      sendFromServer(ENDPOINTS.analytics, {
        body: { type: 'batch', events },
        settings: { timeoutMs: PAGE_VIEW_TIMEOUT_MS },
      }),
    ),
  maxQueue: 1000,
  batchSize: 50,
  flushMs: 1000,
});

/**
 * Records a page view with the store's analytics sink from the server, so every page counts,
 * including those that ship no JavaScript. It only queues the view: it never delays or breaks the page.
 */
export function sendPageView(view: PageView): void {
  buffer.add({
    type: 'page_view',
    path: withoutQuery(view.path),
    locale: view.locale,
    referrer: withoutQuery(view.referrer),
    store_id: config.STORE_ID,
    timestamp: Date.now(),
  });
}

// The production entry sends what is queued when it drains.
registerPageViewFlush(() => buffer.flushAll());
