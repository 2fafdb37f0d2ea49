// Pages the production entry answers from memory (deploy/page-memory.mjs) never reach the site's
// guard, which counts page views; the site hands its counter over here. The site's bundle carries
// its own copy of this module, so the counter lives on globalThis under a registered symbol.
const SINK = Symbol.for('parts-store.page-view-sink');

/**
 * @typedef {{ path: string, locale: string, referrer: string }} PageView
 * @param {(view: PageView) => void} sink
 */
export function registerPageViewSink(sink) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[SINK] = sink;
}

/** @param {PageView} view */
export function countPageView(view) {
  const sink = /** @type {Record<symbol, unknown>} */ (globalThis)[SINK];
  if (typeof sink === 'function') sink(view);
}
