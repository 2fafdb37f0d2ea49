// What `npm run bench` measures: every part on every route unless the command line narrows it,
// as a before and after of a few pages is measured in turn on a shared machine.

/** The parts of the bench, in the order they run. */
export const BENCH_PARTS = ['lighthouse', 'journeys', 'calls', 'throughput', 'flags'];

/**
 * @param {readonly string[]} argv the arguments after the script's path
 * @param {readonly { name: string }[]} routes every route the bench knows
 * @returns {{ parts: Set<string>, routeNames: Set<string> | null, gzip: boolean, partial: boolean }}
 *   `routeNames` null: every route. `gzip`: Lighthouse loads the pages through nginx compressing as
 *   deployed, instead of from the instance's plain bytes. `partial`: a narrowed or changed run,
 *   which must not replace the last full report.
 */
export function benchOptions(argv, routes) {
  let parts = new Set(BENCH_PARTS);
  /** @type {Set<string> | null} */
  let routeNames = null;
  let gzip = false;
  for (const argument of argv) {
    const [flag, value = ''] = argument.split(/=(.*)/s);
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (flag === '--only') {
      const unknown = list.filter((part) => !BENCH_PARTS.includes(part));
      if (list.length === 0 || unknown.length > 0) {
        throw new Error(`--only takes some of ${BENCH_PARTS.join(', ')}; not ${unknown.join(', ') || 'nothing'}`);
      }
      parts = new Set(list);
    } else if (flag === '--pages') {
      const known = new Set(routes.map((route) => route.name));
      const unknown = list.filter((name) => !known.has(name));
      if (list.length === 0 || unknown.length > 0) {
        throw new Error(`--pages takes route names (scripts/perf/routes.mjs); not ${unknown.join(', ') || 'nothing'}`);
      }
      routeNames = new Set(list);
    } else if (argument === '--gzip') {
      gzip = true;
    } else {
      throw new Error(`unknown argument ${argument}: the bench takes --only=…, --pages=… and --gzip`);
    }
  }
  return { parts, routeNames, gzip, partial: gzip || routeNames !== null || parts.size < BENCH_PARTS.length };
}
