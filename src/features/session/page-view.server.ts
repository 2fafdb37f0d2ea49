import { config } from '~/config';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendFromServer } from '~/lib/store-api/server';
import { registerPageViewFlush } from '~/lib/server/observability/page-view-sink.mjs';
import { currentRequestId, runWithoutDeadline } from '~/lib/server/observability/request-context';
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
 * A page view as the analytics sink records it. It names the request that drew the page: a page
 * that nginx sends to a second instance after the first answered 503 carries the same request id,
 * and the sink records one view per id (`request_id`, store-api/README.md).
 */
export function pageViewEvent(view: PageView, requestId: string | undefined, now: number): Record<string, unknown> {
  return {
    type: 'page_view',
    path: withoutQuery(view.path),
    locale: view.locale,
    referrer: withoutQuery(view.referrer),
    store_id: config.STORE_ID,
    timestamp: now,
    ...(requestId === undefined ? {} : { request_id: requestId }),
  };
}

/**
 * Records a page view with the store's analytics sink from the server, so every page counts,
 * including those that ship no JavaScript. It only queues the view: it never delays or breaks the page.
 */
export function sendPageView(view: PageView): void {
  buffer.add(pageViewEvent(view, currentRequestId(), Date.now()));
}

// The production entry sends what is queued when it drains.
registerPageViewFlush(() => buffer.flushAll());
