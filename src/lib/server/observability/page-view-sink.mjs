// The site queues page views and sends them in batches (features/session/page-view-buffer.ts);
// the production entry calls the queue's flush when it drains, so no view queued is lost at exit.
// The site's bundle carries its own copy of this module, so the flush lives on globalThis under a
// registered symbol.
const FLUSH = Symbol.for('parts-store.page-view-flush');

/** @param {() => Promise<void>} flush sends every view queued */
export function registerPageViewFlush(flush) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[FLUSH] = flush;
}

/** Sends the page views still queued; nothing when the site registered no queue. */
export async function flushPageViews() {
  const flush = /** @type {Record<symbol, unknown>} */ (globalThis)[FLUSH];
  if (typeof flush === 'function') await flush();
}
