// The cart's throughput with and without the shipped V8 flags: in each round a fresh instance of
// the production entry per flag set, one after the other, then nginx serving the cart's bytes as
// a file, each under the same load; three rounds, so a busy machine shows as spread rather than
// as a verdict. Prints requests a second, instance CPU per render (what a core pays, whatever
// share of the machine the instance got) and peak resident memory (VmHWM) per run, and the median
// of each. `npm run bench` runs it; `node scripts/perf/flags-bench.mjs` runs it alone. Asserts
// nothing. FLAGS_BENCH_SETS (sets separated by ';', '' for none) measures other candidates.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../../deploy/node-flags.mjs';
import { formatTable } from './bundle.mjs';
import { createBasket, createVisitor } from './visitor.mjs';
import { ROOT, cpuMs, freePort, peakRssKb, startNginx, startSite, startStoreApi, stopAll } from './servers.mjs';

const SHIPPED = NODE_FLAGS.join(' ');

/**
 * @typedef {{ flags: string, rps: number, cpuPerRequestMs: number, peakRssMb: number | null, errors: number }} FlagsRun
 * @typedef {{ flags: string, rps: number, cpuPerRequestMs: number, peakRssMb: number | null }} FlagsSummary
 */

/** FLAGS_BENCH_SETS: flag sets separated by ';' ('' for none), or undefined. */
const setsFromEnvironment = () => process.env.FLAGS_BENCH_SETS?.split(';').map((set) => set.trim());

/** @param {number[]} values */
const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
};

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {{ connections: number, durationS: number }} load
 */
async function hammer(url, headers, load) {
  const result = await autocannon({
    url,
    headers,
    connections: load.connections,
    duration: load.durationS,
    timeout: 30,
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * One instance with `flags` against the shared store API: warmed up, then measured.
 * @param {string} apiUrl
 * @param {string} flags
 * @param {{ connections: number, durationS: number }} load
 * @returns {Promise<FlagsRun & { html: Buffer }>}
 */
async function measureInstance(apiUrl, flags, load) {
  const site = await startSite({
    apiUrl,
    entry: join(ROOT, 'deploy', 'server.mjs'),
    nodeArgs: flags.split(' ').filter(Boolean),
    readyPath: '/readyz',
  });
  try {
    const basket = await createBasket(createVisitor(site.url));
    if (!basket) throw new Error('the store API made no basket');
    const headers = { cookie: `BASKETN=${basket}` };
    const html = Buffer.from(await (await fetch(`${site.url}/`, { headers })).arrayBuffer());
    // The JIT and the heap settle before the measured run.
    await hammer(`${site.url}/`, headers, { connections: 10, durationS: 3 });
    const cpuBefore = cpuMs(site.pid);
    const result = await hammer(`${site.url}/`, headers, load);
    const cpuPerRequestMs = (cpuMs(site.pid) - cpuBefore) / Math.max(1, result.total);
    const peak = peakRssKb(site.pid);
    return {
      flags,
      rps: result.rps,
      cpuPerRequestMs,
      peakRssMb: peak === null ? null : peak / 1024,
      errors: result.errors,
      html,
    };
  } finally {
    await site.stop();
  }
}

/**
 * Runs the rounds against a store API of its own and returns every run and each set's medians;
 * the nginx runs have the flags 'nginx'.
 * @param {{ rounds?: number, durationS?: number, connections?: number, flagSets?: string[] }} [options]
 * @returns {Promise<{ runs: FlagsRun[], summaries: FlagsSummary[] }>}
 */
export async function runFlagsBench(options = {}) {
  const rounds = options.rounds ?? 3;
  const load = { connections: options.connections ?? 50, durationS: options.durationS ?? 8 };
  const flagSets = options.flagSets ?? setsFromEnvironment() ?? [SHIPPED, ''];
  const handles = [];
  const staticRoot = mkdtempSync(join(tmpdir(), 'parts-store-flags-bench-'));
  /** @type {FlagsRun[]} */
  const runs = [];
  try {
    const api = await startStoreApi();
    handles.push(api);
    writeFileSync(join(staticRoot, 'ready.txt'), 'ok');
    const nginxPort = await freePort();
    const nginx = await startNginx(
      () => `  server { listen 127.0.0.1:${nginxPort}; root ${staticRoot}; location / { try_files $uri =404; } }`,
      `http://127.0.0.1:${nginxPort}/ready.txt`,
    );
    handles.push(nginx);
    for (let round = 1; round <= rounds; round += 1) {
      for (const flags of flagSets) {
        const { html, ...run } = await measureInstance(api.url, flags, load);
        writeFileSync(join(staticRoot, 'cart.html'), html);
        runs.push(run);
        console.log(`flags round ${round} ${flags || '(none)'}: ${describe(run)}`);
      }
      const reference = await hammer(`http://127.0.0.1:${nginxPort}/cart.html`, {}, load);
      runs.push({
        flags: 'nginx',
        rps: reference.rps,
        cpuPerRequestMs: Number.NaN,
        peakRssMb: null,
        errors: reference.errors,
      });
      console.log(`flags round ${round} nginx: ${Math.round(reference.rps)} req/s`);
    }
  } finally {
    await stopAll(handles);
    rmSync(staticRoot, { recursive: true, force: true });
  }
  const summaries = [...flagSets, 'nginx'].map((flags) => {
    const own = runs.filter((run) => run.flags === flags);
    const peaks = own.map((run) => run.peakRssMb).filter((peak) => peak !== null);
    return {
      flags,
      rps: median(own.map((run) => run.rps)),
      cpuPerRequestMs: median(own.map((run) => run.cpuPerRequestMs)),
      peakRssMb: peaks.length === 0 ? null : Math.max(...peaks),
    };
  });
  return { runs, summaries };
}

/** @param {FlagsRun} run */
function describe(run) {
  const peak = run.peakRssMb === null ? 'n/a' : `${Math.round(run.peakRssMb)} MB`;
  return `${Math.round(run.rps)} req/s, ${run.cpuPerRequestMs.toFixed(2)} ms CPU per render, peak RSS ${peak}, ${run.errors} errors`;
}

/** The medians as Markdown rows: flags, req/s, CPU per render, peak RSS (highest run), against nginx. */
export function flagsRows(/** @type {FlagsSummary[]} */ summaries) {
  const nginx = summaries.find((summary) => summary.flags === 'nginx')?.rps ?? Number.NaN;
  return summaries.map((summary) => [
    summary.flags === 'nginx' ? 'nginx, the same bytes as a file' : summary.flags || '(none)',
    String(Math.round(summary.rps)),
    Number.isNaN(summary.cpuPerRequestMs) ? '' : `${summary.cpuPerRequestMs.toFixed(2)} ms`,
    summary.peakRssMb === null ? '' : `${Math.round(summary.peakRssMb)} MB`,
    summary.flags === 'nginx' ? '' : `1:${(nginx / summary.rps).toFixed(1)}`,
  ]);
}

export const FLAGS_HEADER = [
  'cart, V8 flags',
  'req/s (median)',
  'CPU per render',
  'peak RSS (highest)',
  'Node / nginx',
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = loadavg();
  const { summaries } = await runFlagsBench({
    durationS: Number(process.env.BENCH_DURATION ?? 8),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  });
  const load = (values) => values.map((value) => value.toFixed(1)).join(' / ');
  console.log(`\n${formatTable(FLAGS_HEADER, flagsRows(summaries))}`);
  console.log(
    `\nload ${load(started)} at the start, ${load(loadavg())} at the end (1 / 5 / 15 min), ${cpus().length} cores`,
  );
}
