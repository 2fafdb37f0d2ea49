// Pages the production entry answers from memory (deploy/page-memory.mjs) never reach the site's
// guard, which counts page views; the site hands its counter over here, and the queue's flush,
// which the entry calls when it drains so no view queued is lost at exit. The site's bundle carries
// its own copy of this module, so both live on globalThis under registered symbols.
const SINK = Symbol.for('parts-store.page-view-sink');
const FLUSH = Symbol.for('parts-store.page-view-flush');

/**
 * @typedef {{ path: string, locale: string, referrer: string }} PageView
 * @param {(view: PageView) => void} sink
 * @param {() => Promise<void>} flush sends every view queued
 */
export function registerPageViewSink(sink, flush) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[SINK] = sink;
  /** @type {Record<symbol, unknown>} */ (globalThis)[FLUSH] = flush;
}

/** @param {PageView} view */
export function countPageView(view) {
  const sink = /** @type {Record<symbol, unknown>} */ (globalThis)[SINK];
  if (typeof sink === 'function') sink(view);
}

/** Sends the page views still queued; nothing when the site registered no queue. */
export async function flushPageViews() {
  const flush = /** @type {Record<symbol, unknown>} */ (globalThis)[FLUSH];
  if (typeof flush === 'function') await flush();
}
