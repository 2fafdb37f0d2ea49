// node scripts/patch-cost.mjs: what each build-time patch of scripts/build/ssr-runtime.mjs buys.
// Builds the site with every patch, without each one in turn and without any (BUILD_UNPATCHED),
// runs the production entry (deploy/server.mjs, production V8 flags) on each build against the
// reference store API, and measures the server's CPU time per request of the cart with a basket
// and of the login page: CPU time, not wall time, so a busy machine moves it less. Leaves the
// fully patched build in dist/. PATCH_COST_REQUESTS (600) sets the requests per measure;
// PATCH_COST_ONLY one patch's id to weigh that one alone.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_FLAGS } from '../deploy/node-flags.mjs';
import { PATCHES } from './build/ssr-runtime.mjs';
import { ROOT, startSite, startStoreApi, stopAll } from './perf/servers.mjs';
import { createBasket } from './perf/routes.mjs';

const REQUESTS = Number(process.env.PATCH_COST_REQUESTS ?? 600);
const CONCURRENCY = 4;
const WARM_UP = 100;
const TICKS_PER_SECOND = 100;

/** @param {string} unpatched */
function build(unpatched) {
  const result = spawnSync('npx', ['astro', 'build'], {
    cwd: ROOT,
    env: { ...process.env, BUILD_UNPATCHED: unpatched },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build without ${unpatched || 'nothing'} failed:\n${result.stderr}`);
}

/** @param {string} dir */
function bytesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** CPU time the process has used so far, in ms (user and system; /proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} count
 */
async function load(url, headers, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(url, { headers, redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * @param {{ pid: number, url: string }} site
 * @param {string} path
 * @param {Record<string, string>} headers
 */
async function measure(site, path, headers) {
  const url = `${site.url}${path}`;
  await load(url, headers, WARM_UP);
  const cpuBefore = cpuMs(site.pid);
  const started = performance.now();
  await load(url, headers, REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  return { cpuPerRequest: (cpuMs(site.pid) - cpuBefore) / REQUESTS, perSecond: REQUESTS / seconds };
}

// PATCH_COST_ONLY=<id>: every patch against the build without that one, twice each in turn,
// for a patch whose gain is near the noise.
const only = process.env.PATCH_COST_ONLY;
const variants = only
  ? [1, 2].flatMap(() => [
      { label: 'every patch', unpatched: '' },
      { label: `without ${only}`, unpatched: only },
    ])
  : [
      { label: 'every patch', unpatched: '' },
      ...PATCHES.map((patch) => ({ label: `without ${patch.id}`, unpatched: patch.id })),
      { label: 'no patch', unpatched: 'all' },
    ];

const api = await startStoreApi();
const basket = await createBasket(api.url);
if (!basket) throw new Error('the store API made no basket');
const rows = [];
try {
  for (const variant of variants) {
    build(variant.unpatched);
    const site = await startSite({ apiUrl: api.url, entry: join(ROOT, 'deploy', 'server.mjs'), nodeArgs: NODE_FLAGS });
    try {
      const cart = await measure(site, '/', { cookie: `BASKETN=${basket}` });
      const login = await measure(site, '/login/', {});
      rows.push({ ...variant, cart, login, serverBytes: bytesUnder(join(ROOT, 'dist', 'server')) });
    } finally {
      await stopAll([site]);
    }
  }
} finally {
  await stopAll([api]);
  build('');
}

console.log(`\n${REQUESTS} requests per measure, ${CONCURRENCY} at a time, after ${WARM_UP} to warm up\n`);
console.log('| build | cart: CPU ms/request | cart: requests/s | login: CPU ms/request | dist/server bytes |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.cart.cpuPerRequest.toFixed(2)} | ${row.cart.perSecond.toFixed(0)} | ${row.login.cpuPerRequest.toFixed(2)} | ${row.serverBytes} |`,
  );
}
