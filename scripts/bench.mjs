// npm run bench: per route bytes (gzipped JS and CSS, HTML), Lighthouse mobile scores, journey
// timings in Chromium (first cart line with and without JavaScript, bulk add finding 200 parts),
// store-API calls per order-history render, throughput on loopback of the production entry beside
// Debian's nginx serving the same bytes as a static file, and the cart with and without the
// shipped V8 flags (scripts/perf/flags-bench.mjs). Prints and writes bench/results.md; asserts
// nothing about time. `--only=lighthouse,…` and `--pages=customer form,…` narrow a run, and
// `--gzip` has Lighthouse load pages compressed as deployed (scripts/perf/bench-options.mjs); such
// a run is printed the same way and written nowhere.
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { CHROME_PATH, CHROMIUM_ARGS } from '../e2e/support/chromium.ts';
import { NODE_FLAGS } from '../deploy/node-flags.mjs';
import { benchOptions } from './perf/bench-options.mjs';
import { replaceBrowserCookies } from './perf/browser-cookies.mjs';
import { formatKb, formatTable, measurePage } from './perf/bundle.mjs';
import { FLAGS_HEADER, flagsRows, runFlagsBench } from './perf/flags-bench.mjs';
import { bulkFind, cartFirstItem, partNumbers } from './perf/journeys.mjs';
import { ROUTES, createBasket, fetchRoute, notFoundTitle, placeOrder, routeCookie, signIn } from './perf/routes.mjs';
import {
  CLIENT_DIR,
  NGINX,
  ROOT,
  freePort,
  peakRssKb,
  startNginx,
  startProcess,
  startSite,
  startStoreApi,
  stopAll,
  waitForHttp,
} from './perf/servers.mjs';
import { storeApiCallsDuring } from './perf/store-api-calls.mjs';

const { parts, routeNames, gzip, partial } = benchOptions(process.argv.slice(2), ROUTES);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
// The instance runs as deployed, with the production V8 flags; BENCH_NODE_FLAGS replaces them
// ('' measures without any: more throughput, more memory).
const NODE_ARGS =
  process.env.BENCH_NODE_FLAGS === undefined ? NODE_FLAGS : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
const BULK_PARTS = 200;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// Lighthouse's mobile default is 4; a machine much slower than Lighthouse's reference (see the
// benchmark index in the report) may set a lower value, which the report then states.
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : null;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const handles = [];
const loadAtStart = loadavg();
const staticDir = mkdtempSync(join(tmpdir(), 'parts-store-bench-'));

const version = (command, args) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n')[0] || 'unknown';
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function startChrome() {
  const port = await freePort();
  const profile = join(staticDir, 'chrome-profile');
  const chrome = startProcess('chromium', CHROME_PATH, [
    ...CHROME_FLAGS,
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, 30000);
  return { ...chrome, port };
}

async function runLighthouse(chromePort, url, cookie) {
  await replaceBrowserCookies(chromePort, url, cookie);
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(CPU_SLOWDOWN === null
      ? {}
      : { throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
  });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) return { error: lhr?.runtimeError?.code ?? 'no result' };
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((item) => item && item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative')
    .map((item) => item.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    failing,
  };
}

let visitorNumber = 0;
/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @param {{ manyVisitors?: boolean }} [options] `manyVisitors`: each request from its own address
 *   (X-Forwarded-For, believed from loopback), as a page with a per-address limit is asked for.
 */
async function load(url, headers = {}, options = {}) {
  const requests = options.manyVisitors
    ? [
        {
          setupRequest: (request) => {
            visitorNumber += 1;
            const address = `10.${(visitorNumber >> 16) & 255}.${(visitorNumber >> 8) & 255}.${visitorNumber & 255}`;
            return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
          },
        },
      ]
    : undefined;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const rowsBytes = [];
const rowsLighthouse = [];
const rowsThroughput = [];
const rowsJourneys = [];
const rowsCalls = [];
let rowsFlags = [];
const benchmarkIndexes = [];
const notes = [];
let sitePeakRss = null;
let apiPeakRss = null;
try {
  const sitePort = await freePort();
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  const apiDb = join(staticDir, 'store.db');
  const api = await startStoreApi({ siteOrigins: [siteOrigin], db: apiDb });
  handles.push(api);
  const site = await startSite({
    apiUrl: api.url,
    port: sitePort,
    entry: join(ROOT, 'deploy', 'server.mjs'),
    nodeArgs: NODE_ARGS,
  });
  handles.push(site);

  const basket = await createBasket(api.url);
  if (!basket) notes.push('the reference API made no basket: the cart is measured without one');

  const session = await signIn(site.url);
  if (!session) notes.push('the demo customer could not sign in: pages behind the session are not measured');
  const order = await placeOrder(site.url, api.url);
  if (!order) notes.push('no order could be placed: payment success is not measured');
  const context = { basket, session, order, notFoundTitle: await notFoundTitle(site.url) };
  const measured = [];
  for (const route of ROUTES.filter((each) => routeNames === null || routeNames.has(each.name))) {
    const page = await fetchRoute(site.url, route, context);
    if (page.skip) {
      notes.push(`${route.name} (${route.path}) not measured: ${page.skip}`);
      continue;
    }
    const bytes = measurePage(CLIENT_DIR, page.html);
    measured.push({ route, page });
    rowsBytes.push([
      route.name,
      route.path,
      String(page.status),
      formatKb(bytes.jsGzip),
      formatKb(bytes.cssGzip),
      formatKb(bytes.htmlBytes),
      formatKb(bytes.htmlGzip),
    ]);
  }

  // What one order-history render asks of the store API (the history, and anything per order).
  const history = ROUTES.find((route) => route.name === 'order history');
  if (parts.has('calls') && history && session) {
    const cookie = routeCookie(history, context);
    const { calls, routes } = await storeApiCallsDuring(api, () =>
      fetchRoute(site.url, history, context).then((page) => {
        if (page.skip) throw new Error(`order history not rendered: ${page.skip}`);
      }),
    );
    const byRoute = [...Map.groupBy(routes, (route) => route)].map(([route, each]) => `${route} × ${each.length}`);
    rowsCalls.push([history.path, cookie ? 'demo customer' : '', String(calls), byRoute.join(', ')]);
    console.log(`store-API calls per order-history render: ${calls} (${byRoute.join(', ')})`);
  }

  // nginx: the same bytes as static files (throughput reference), and for Lighthouse, which
  // refuses documents answered with an error status, a 404 page's HTML answered with 200 while
  // everything it loads still comes from the site.
  const nginxPort = await freePort();
  const mirrorPort = await freePort();
  const staticRoot = join(staticDir, 'www');
  mkdirSync(staticRoot);
  writeFileSync(join(staticRoot, 'ready.txt'), 'ok');
  const nginx = await startNginx(
    () =>
      [
        `  server { listen 127.0.0.1:${nginxPort}; root ${staticRoot}; location / { try_files $uri =404; } }`,
        `  server { listen 127.0.0.1:${mirrorPort}; root ${staticRoot};`,
        // --gzip: compressed as deploy/nginx.conf compresses what reaches a browser.
        ...(gzip
          ? [
              '    gzip on; gzip_proxied any; gzip_comp_level 6; gzip_min_length 512;',
              '    gzip_types text/css text/javascript application/javascript application/json image/svg+xml text/plain;',
            ]
          : []),
        `    location /__mirror/ { default_type text/html; try_files $uri =404; }`,
        `    location / { proxy_pass ${site.url}; proxy_set_header Host $http_host; } }`,
      ].join('\n'),
    `http://127.0.0.1:${nginxPort}/ready.txt`,
  );
  handles.push(nginx);
  mkdirSync(join(staticRoot, '__mirror'));

  // BENCH_LIGHTHOUSE_RUNS=0 leaves Lighthouse out, as --only without it does.
  const chrome = parts.has('lighthouse') && LIGHTHOUSE_RUNS > 0 ? await startChrome() : null;
  if (chrome) handles.push(chrome);
  for (const [index, { route, page }] of chrome ? measured.entries() : []) {
    const cookie = routeCookie(route, context);
    let url = `${gzip ? `http://127.0.0.1:${mirrorPort}` : site.url}${route.path}`;
    let name = route.name;
    if (page.status !== 200) {
      writeFileSync(join(staticRoot, '__mirror', `${index}.html`), page.html);
      url = `http://127.0.0.1:${mirrorPort}/__mirror/${index}.html`;
      name = `${route.name} (${page.status} page, HTML mirrored)`;
    }
    const runs = [];
    const errors = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      const scores = await runLighthouse(chrome.port, url, cookie);
      if ('error' in scores) errors.push(scores.error);
      else runs.push(scores);
    }
    console.log(`lighthouse ${name}: ${runs.map((scores) => scores.performance).join(', ') || 'failed'}`);
    if (errors.length > 0) notes.push(`Lighthouse on ${name}: ${errors.length} run(s) failed (${errors.join(', ')})`);
    if (runs.length === 0) {
      rowsLighthouse.push([name, 'failed', '', '', '', '', '', '', '']);
      continue;
    }
    benchmarkIndexes.push(...runs.map((scores) => scores.benchmarkIndex));
    const pick = (key) => median(runs.map((scores) => scores[key]));
    rowsLighthouse.push([
      name,
      String(pick('performance')),
      String(pick('accessibility')),
      String(pick('bestPractices')),
      String(pick('seo')),
      `${Math.round(pick('lcp'))} ms`,
      `${Math.round(pick('tbt'))} ms`,
      pick('cls').toFixed(3),
      [...new Set(runs.flatMap((scores) => scores.failing))].join(', '),
    ]);
  }
  await chrome?.stop();

  // What a shopper feels: the first cart line on screen, and bulk add finding a parts list.
  if (parts.has('journeys') && basket) {
    const cart = await cartFirstItem(site.url, basket);
    const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
    rowsJourneys.push(['cart: first item visible, JavaScript off', ms(cart.withoutJs.visible)]);
    rowsJourneys.push(['cart: first item visible, JavaScript on', ms(cart.withJs.visible)]);
    rowsJourneys.push(['cart: quantity editable (island hydrated)', ms(cart.withJs.editable)]);
  }
  const bulkParts = parts.has('journeys') ? partNumbers(apiDb, { count: BULK_PARTS }) : null;
  if (bulkParts?.length === BULK_PARTS) {
    const found = await bulkFind(site.url, bulkParts);
    rowsJourneys.push([`bulk add: find ${BULK_PARTS} parts`, `${Math.round(found)} ms`]);
  } else if (bulkParts) notes.push(`only ${bulkParts.length} part numbers in the catalogue: bulk add not timed`);
  for (const [name, value] of rowsJourneys) console.log(`journey ${name}: ${value}`);

  // Throughput: each target beside nginx serving the very bytes the site answered, as a file.
  const proxied = basket ? `/api/a/basket/${basket}/` : '/api/v2/reports/warehouse-status/?format=full_report';
  // A session cookie makes a public page the visitor's own, so the site renders it every time.
  const rendered = { cookie: 'ps_session=bench' };
  const targets = !parts.has('throughput')
    ? []
    : [
        {
          name: 'tracking (SSR + API call, session cookie)',
          path: '/public/tracking/?trackingNumber=EZ1000000001',
          headers: rendered,
          manyVisitors: true,
        },
        { name: '404 (rendered)', path: '/no-such-page/' },
        { name: 'cart (SSR with basket)', path: '/', headers: basket ? { cookie: `BASKETN=${basket}` } : {} },
        { name: 'proxied API call', path: proxied, headers: { accept: 'application/json' } },
        { name: 'return policy (SSR, session cookie)', path: '/return-policy/', headers: rendered },
        { name: 'return policy (rendered, no cookie)', path: '/return-policy/' },
      ];
  for (const [index, target] of targets.entries()) {
    const response = await fetch(`${site.url}${target.path}`, { headers: target.headers ?? {}, redirect: 'manual' });
    target.file = `/t${index}.${response.headers.get('content-type')?.includes('json') ? 'json' : 'html'}`;
    target.status = response.status;
    writeFileSync(join(staticRoot, target.file), Buffer.from(await response.arrayBuffer()));
  }
  if (targets.length > 0)
    notes.push(
      'every row is answered by the production entry itself, rendered each time (public pages are kept by nginx in front: npm run bench:recipe measures them through deploy/nginx.conf); tracking is asked from a new address each time, as its per-address limit counts',
    );
  for (const target of targets) {
    const node = await load(`${site.url}${target.path}`, target.headers ?? {}, { manyVisitors: target.manyVisitors });
    const reference = await load(`http://127.0.0.1:${nginxPort}${target.file}`);
    console.log(
      `throughput ${target.name}: ${Math.round(node.rps)} req/s (nginx ${Math.round(reference.rps)}, 1:${(reference.rps / node.rps).toFixed(1)})`,
    );
    rowsThroughput.push([
      target.name,
      String(target.status),
      `${Math.round(node.rps)}`,
      `${node.p50} / ${node.p99} ms`,
      `${Math.round(reference.rps)}`,
      `${reference.p50} / ${reference.p99} ms`,
      `1:${(reference.rps / node.rps).toFixed(1)}`,
      String(node.errors),
    ]);
  }
  sitePeakRss = peakRssKb(site.pid);
  apiPeakRss = peakRssKb(api.pid);
  await stopAll(handles.splice(0));

  // The cart with and without the shipped V8 flags, in turn, beside nginx: instances of their own.
  if (parts.has('flags')) {
    const flags = await runFlagsBench({ durationS: DURATION_S, connections: CONNECTIONS });
    rowsFlags = flagsRows(flags.summaries);
  }
} catch (error) {
  notes.push(`bench stopped early: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll(handles);
  rmSync(staticDir, { recursive: true, force: true });
}

const machine = [
  `- Date: ${new Date().toISOString()}`,
  `- CPU: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}; memory ${(totalmem() / 1024 ** 3).toFixed(1)} GB; Linux ${release()}`,
  `- Node ${process.version}; ${version(NGINX, ['-v'])}; ${version(CHROME_PATH, ['--version'])}; Lighthouse 13 (mobile, simulated throttling${CPU_SLOWDOWN === null ? '' : `, CPU slowdown ${CPU_SLOWDOWN} instead of 4`}, median of ${LIGHTHOUSE_RUNS})`,
  `- Lighthouse CPU benchmark index (median over all runs; higher is faster): ${Math.round(median(benchmarkIndexes))}; load average (1, 5, 15 min) at the start ${loadAtStart.map((value) => value.toFixed(2)).join(' ')}, at the end ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
  ...(gzip ? ['- Lighthouse loads every page through nginx compressing it (gzip 6), as deployed'] : []),
  `- Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per target, loopback, no compression requested`,
  `- Site instance: deploy/server.mjs with V8 flags ${NODE_ARGS.length > 0 ? NODE_ARGS.join(' ') : '(none)'}`,
];
// A narrowed run prints only the sections it measured.
const section = (part, lines) => (parts.has(part) ? lines : []);
const report = [
  '# Benchmark results',
  '',
  ...machine,
  ...(partial ? [`- Narrowed run: ${process.argv.slice(2).join(' ')}`] : []),
  '',
  '## Bytes per route',
  '',
  formatTable(['route', 'path', 'status', 'JS gzip', 'CSS gzip', 'HTML', 'HTML gzip'], rowsBytes),
  '',
  ...section('lighthouse', [
    '## Lighthouse (mobile)',
    '',
    formatTable(
      ['route', 'perf', 'a11y', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'audits not passed'],
      rowsLighthouse,
    ),
    '',
  ]),
  ...section('journeys', [
    '## Journeys (Chromium, loopback, no throttling, median of cold loads)',
    '',
    formatTable(['measure', 'time'], rowsJourneys),
    '',
  ]),
  ...section('calls', [
    '## Store-API calls per order-history render',
    '',
    formatTable(['page', 'visitor', 'calls', 'calls by route'], rowsCalls),
    '',
  ]),
  ...section('throughput', [
    '## Throughput (production entry, deploy/server.mjs) beside nginx serving the same bytes',
    '',
    formatTable(
      ['target', 'status', 'Node req/s', 'Node p50 / p99', 'nginx req/s', 'nginx p50 / p99', 'Node / nginx', 'errors'],
      rowsThroughput,
    ),
    '',
    `Peak RSS: site ${sitePeakRss ? `${(sitePeakRss / 1024).toFixed(0)} MB` : 'unknown'}, store API ${apiPeakRss ? `${(apiPeakRss / 1024).toFixed(0)} MB` : 'unknown'}.`,
    '',
  ]),
  ...section('flags', [
    '## Cart with and without the shipped V8 flags (three rounds in turn, medians)',
    '',
    formatTable(FLAGS_HEADER, rowsFlags),
    '',
    `Shipped: ${NODE_FLAGS.join(' ')}. CPU per render is the instance's own CPU time over its answers; peak RSS is the highest VmHWM of the three instances.`,
    '',
  ]),
  ...notes.map((note) => `- ${note}`),
  '',
].join('\n');
console.log(`\n${report}`);
// A narrowed run leaves the last full report in place.
if (!partial) {
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results.md'), report);
  console.log('written to bench/results.md');
}
