// npm run test:load: one site instance (deploy/server.mjs) and the reference store API, loaded
// twice with the same bounded mix of cart edits and public pages over loopback, after a warm-up. Every answer must
// be the one its route gives (no 5xx, no unexpected 4xx, no socket error or timeout), and the
// instance's memory after the second run must not have grown beyond a small margin over the
// first: a leak per request shows as growth, a warm cache does not. Its peak resident memory must
// also stay under a runaway ceiling (LOAD_RSS_BUDGET_MB, 320 MB), clear of what repeated runs
// measure with the production V8 flags (188–242 MB, quiet to busy machines: freed memory the
// allocator keeps counts too), so noise never fails it; the instance's figure itself is measured by
// npm run bench:recipe. LOAD_NODE_FLAGS replaces the flags (deploy/node-flags.mjs) to measure others.
import autocannon from 'autocannon';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createChecks } from './perf/checks.mjs';
import { createBasket, createVisitor } from './perf/visitor.mjs';
import { ROOT, SERVER_ENTRY, peakRssKb, startSite, startStoreApi, stopAll } from './perf/servers.mjs';
import { NODE_FLAGS } from '../deploy/node-flags.mjs';

const DURATION_S = Number(process.env.LOAD_DURATION ?? 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const WARM_UP_S = Number(process.env.LOAD_WARM_UP ?? 5);
// Growth allowed from the first run to the second: the larger of a share and a floor, because
// V8 sizes its heap in steps and megabytes move with no leak at all (+16 and +28 MB measured on a
// busy machine). A leak of a couple of kilobytes per request still shows over a run's requests.
const GROWTH_SHARE = 0.15;
const GROWTH_FLOOR_KB = 32 * 1024;
const RSS_BUDGET_KB = Number(process.env.LOAD_RSS_BUDGET_MB ?? 320) * 1024;
const nodeFlags =
  process.env.LOAD_NODE_FLAGS === undefined ? NODE_FLAGS : process.env.LOAD_NODE_FLAGS.split(' ').filter(Boolean);
const { check, finish } = createChecks('LOAD_REPORT');
const handles = [];

/** Resident memory of a process now, in KB. */
function rssKb(pid) {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/**
 * The mix: each entry with the statuses its route answers. A connection walks the list in turn.
 * @param {string} basket
 * @param {string} origin
 * @param {string | undefined} asset
 */
function mixedRequests(basket, origin, asset) {
  const cart = { cookie: `BASKETN=${basket}` };
  const json = { accept: 'application/json' };
  const edit = (qty) => ({
    method: 'PATCH',
    path: `/api/a/item/2043/${qty}/`,
    headers: { ...json, 'content-type': 'application/json', origin },
    body: JSON.stringify({ basketNum: basket }),
    expect: [200],
  });
  return [
    { method: 'GET', path: '/', headers: cart, expect: [200] },
    edit(1),
    { method: 'GET', path: `/api/a/basket/${basket}/`, headers: json, expect: [200] },
    { method: 'GET', path: '/return-policy/', expect: [200] },
    edit(3),
    { method: 'GET', path: '/es/', headers: cart, expect: [200] },
    // One address asking this often meets the tracking limit (60 a minute).
    { method: 'GET', path: '/public/tracking/?trackingNumber=EZ1000000001', expect: [200, 429] },
    { method: 'GET', path: '/fr/public/subscriptions/unsubscribed/', expect: [200] },
    { method: 'GET', path: '/bulk-add-items/', expect: [200] },
    { method: 'GET', path: '/order-info/', expect: [200] },
    { method: 'GET', path: '/no-such-page/', expect: [404] },
    edit(2),
    ...(asset ? [{ method: 'GET', path: asset, expect: [200] }] : []),
  ];
}

/** One autocannon run; answers its summary and the answers that were not the route's own. */
async function loadOnce(origin, requests, duration = DURATION_S) {
  const unexpected = new Map();
  const withChecks = requests.map(({ expect, ...request }) => ({
    ...request,
    onResponse: (status) => {
      if (expect.includes(status)) return;
      const key = `${request.method} ${request.path} → ${status}`;
      unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
    },
  }));
  const load = await autocannon({ url: origin, connections: CONNECTIONS, duration, requests: withChecks, timeout: 10 });
  return { load, unexpected };
}

if (!existsSync(SERVER_ENTRY)) {
  console.error('dist/ is missing: run `npx astro build` first');
  process.exit(1);
}

try {
  const api = await startStoreApi();
  handles.push(api);
  const site = await startSite({
    apiUrl: api.url,
    entry: join(ROOT, 'deploy', 'server.mjs'),
    nodeArgs: nodeFlags,
    readyPath: '/readyz',
  });
  console.log(`instance flags: ${nodeFlags.join(' ') || '(none)'}`);
  handles.push(site);
  const origin = site.url;
  const visitor = createVisitor(origin);
  const basket = await createBasket(visitor);
  check('basket created through the proxy', basket !== null);
  const asset = (await visitor.visit('/')).body.match(/\/_astro\/[^"']+\.js/)?.[0];
  const requests = mixedRequests(basket ?? 'none', origin, asset);

  // Unmeasured: the first seconds fill caches, compile hot code and size the heap.
  await loadOnce(origin, requests, WARM_UP_S);
  const memory = [];
  for (const run of [1, 2]) {
    const { load, unexpected } = await loadOnce(origin, requests);
    await sleep(2000);
    memory.push({ site: rssKb(site.pid), api: rssKb(api.pid) });
    console.log(
      `run ${run}: ${load.requests.total} requests, ${Math.round(load.requests.average)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ` +
        `errors ${load.errors}, timeouts ${load.timeouts}, 2xx ${load['2xx']}, 4xx ${load['4xx']}, 5xx ${load['5xx']}; ` +
        `RSS site ${Math.round(memory[run - 1].site / 1024)} MB, API ${Math.round(memory[run - 1].api / 1024)} MB`,
    );
    const wrong = [...unexpected].map(([key, count]) => `${key} ×${count}`);
    check(
      `run ${run}, ${CONNECTIONS} connections for ${DURATION_S} s: no socket errors or timeouts`,
      load.errors === 0 && load.timeouts === 0,
      `${load.errors} errors, ${load.timeouts} timeouts`,
    );
    check(
      `run ${run}: every answer is its route's own (no 5xx, no unexpected 4xx)`,
      wrong.length === 0 && load['5xx'] === 0,
      wrong.slice(0, 5).join('; '),
    );
    check(`run ${run}: requests were answered`, load['2xx'] > 0);
  }

  const peak = peakRssKb(site.pid) ?? Number.POSITIVE_INFINITY;
  check(
    `the instance's peak resident memory under ${CONNECTIONS} connections stays within ${RSS_BUDGET_KB / 1024} MB`,
    peak <= RSS_BUDGET_KB,
    `peak ${Math.round(peak / 1024)} MB`,
  );
  const [first, second] = memory;
  const allowed = Math.max(first.site * GROWTH_SHARE, GROWTH_FLOOR_KB);
  const growth = second.site - first.site;
  check(
    'the site instance holds its memory over a second identical run',
    growth <= allowed,
    `RSS ${Math.round(first.site / 1024)} MB then ${Math.round(second.site / 1024)} MB (allowed +${Math.round(allowed / 1024)} MB)`,
  );
  const read = await visitor.visit(`/api/a/basket/${basket}/`, { headers: { accept: 'application/json' } });
  const lines = read.status === 200 ? (JSON.parse(read.body).BASKET ?? []) : [];
  check(
    'the basket is intact after the load',
    lines.some((line) => Number(line.product_id) === 1374449),
    `status ${read.status}`,
  );
  check('the instance still serves after the load', (await visitor.visit('/return-policy/')).status === 200);
} catch (error) {
  check('load test ran', false, String(error instanceof Error ? error.message : error));
} finally {
  await stopAll(handles);
}

finish();
