// npm run bench:recipe: the production recipe measured with wrk on loopback. One instance of the
// production entry behind deploy/nginx.conf (plain http, rate limits off, its page cache on): the
// return policy through the recipe beside nginx serving the same bytes from disk, and the cart
// (rendered for its basket every time) through the recipe and straight from the instance; then,
// per pair of V8 flags, the cart's throughput and the instance's peak resident memory under
// RECIPE_CONNECTIONS (50). Prints Markdown tables with the machine's load; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { NODE_FLAGS } from '../../deploy/node-flags.mjs';
import { renderDeployConfig } from './nginx.mjs';
import { createBasket, createVisitor } from './visitor.mjs';
import {
  CLIENT_DIR,
  ROOT,
  cpuMs,
  freePort,
  peakRssKb,
  startNginx,
  startSite,
  startStoreApi,
  stopAll,
} from './servers.mjs';

const DURATION_S = Number(process.env.RECIPE_DURATION ?? 15);
const CONNECTIONS = Number(process.env.RECIPE_CONNECTIONS ?? 50);
const FLAG_SETS = (
  process.env.RECIPE_FLAG_SETS ??
  [
    '',
    '--max-semi-space-size=1 --max-old-space-size=64',
    '--max-semi-space-size=4 --max-old-space-size=128',
    NODE_FLAGS.join(' '),
    '--max-semi-space-size=16 --max-old-space-size=128',
  ].join(';')
)
  .split(';')
  .map((set) => set.trim())
  // RECIPE_FLAG_SETS=none: only the recipe's table.
  .filter((set) => set !== 'none');

if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is missing (apt-get install -y wrk)');
  process.exit(1);
}

/** @param {string} url @param {string[]} headers */
function wrk(url, headers = []) {
  // A long timeout: on a busy machine 50 queued renders take seconds, and wrk counts only answers.
  const args = [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${DURATION_S}s`,
    '--timeout',
    '30s',
    '--latency',
    ...headers.flatMap((h) => ['-H', h]),
    url,
  ];
  const out = spawnSync('wrk', args, { encoding: 'utf8' }).stdout ?? '';
  const number = (pattern) => Number(pattern.exec(out)?.[1] ?? Number.NaN);
  const percentile = (pct) => {
    for (const match of out.matchAll(/(?:^|\n)\s+(\d+)%\s+([\d.]+)(us|ms|s)/g)) {
      if (Number(match[1]) !== pct) continue;
      const value = Number(match[2]);
      return match[3] === 'us' ? value / 1000 : match[3] === 's' ? value * 1000 : value;
    }
    return Number.NaN;
  };
  return {
    requests: number(/(\d+) requests in /),
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: percentile(50),
    p99: percentile(99),
    non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/) || 0,
    errors: /Socket errors: (.*)/.exec(out)?.[1] ?? 'none',
  };
}

const load = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min), ${cpus().length} cores`;
const ms = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);
const handles = [];
const staticRoot = mkdtempSync(join(tmpdir(), 'parts-store-recipe-bench-'));
const lines = [];
const say = (line) => {
  console.log(line);
  lines.push(line);
};

try {
  const api = await startStoreApi();
  handles.push(api);

  /** One instance with the given flags behind the recipe. */
  const recipe = async (flags) => {
    const site = await startSite({
      apiUrl: api.url,
      entry: join(ROOT, 'deploy', 'server.mjs'),
      nodeArgs: flags ? flags.split(' ') : [],
      readyPath: '/readyz',
    });
    const port = await freePort();
    const nginx = await startNginx(
      ({ dir }) =>
        renderDeployConfig({
          listen: port,
          root: CLIENT_DIR,
          upstreams: [site.port],
          rateLimits: false,
          cacheDir: join(dir, 'cache'),
        }),
      `http://127.0.0.1:${port}/healthz`,
    );
    return { site, nginx, url: `http://127.0.0.1:${port}` };
  };

  say(
    `Started ${new Date().toISOString()}; ${load()}; wrk, 2 threads, ${CONNECTIONS} connections, ${DURATION_S} s per row, no compression asked.`,
  );

  // Through the recipe with the shipped flags, beside nginx serving the same bytes from disk.
  const shipped = await recipe(NODE_FLAGS.join(' '));
  handles.push(shipped.site, shipped.nginx);
  const visitor = createVisitor(shipped.url);
  const basket = await createBasket(visitor);
  const cart = [`Cookie: BASKETN=${basket}`];
  const policy = await fetch(`${shipped.url}/return-policy/`);
  writeFileSync(join(staticRoot, 'return-policy.html'), Buffer.from(await policy.arrayBuffer()));
  writeFileSync(join(staticRoot, 'ready.txt'), 'ok');
  const staticPort = await freePort();
  const disk = await startNginx(
    () => `  server { listen 127.0.0.1:${staticPort}; root ${staticRoot}; location / { try_files $uri =404; } }`,
    `http://127.0.0.1:${staticPort}/ready.txt`,
  );
  handles.push(disk);
  const cartHtml = Buffer.from(
    await (await fetch(`${shipped.url}/`, { headers: { cookie: `BASKETN=${basket}` } })).arrayBuffer(),
  );
  say(
    `Cart page: ${(cartHtml.length / 1024).toFixed(1)} KB of HTML, ${(gzipSync(cartHtml, { level: 6 }).length / 1024).toFixed(1)} KB gzipped.`,
  );
  wrk(`${shipped.url}/`, cart);
  const rows = [
    ['return policy through the recipe (nginx page cache)', wrk(`${shipped.url}/return-policy/`)],
    ['return policy, the same bytes from disk (nginx alone)', wrk(`http://127.0.0.1:${staticPort}/return-policy.html`)],
    ['cart through the recipe (rendered for its basket)', wrk(`${shipped.url}/`, cart)],
    ['cart straight from the instance', wrk(`${shipped.site.url}/`, cart)],
  ];
  say('');
  say(`| target (shipped flags: ${NODE_FLAGS.join(' ')}) | req/s | p50 | p99 | non-2xx | socket errors |`);
  say('| --- | --- | --- | --- | --- | --- |');
  for (const [name, result] of rows)
    say(
      `| ${name} | ${Math.round(result.rps)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.non2xx} | ${result.errors} |`,
    );
  const ratio = rows[1][1].rps / rows[0][1].rps;
  say('');
  say(`Return policy through the recipe : from disk = 1:${ratio.toFixed(2)}; ${load()}.`);
  await stopAll([shipped.nginx, shipped.site]);

  // The cart per pair of V8 flags: a fresh instance each, warmed up, then measured.
  if (FLAG_SETS.length > 0) say('');
  if (FLAG_SETS.length > 0)
    say(
      '| V8 flags | cart req/s (through the recipe) | instance CPU per cart | p99 | peak RSS (VmHWM) | load during the row |',
    );
  if (FLAG_SETS.length > 0) say('| --- | --- | --- | --- | --- | --- |');
  for (const flags of FLAG_SETS) {
    const run = await recipe(flags);
    handles.push(run.site, run.nginx);
    const runVisitor = createVisitor(run.url);
    const runBasket = await createBasket(runVisitor);
    spawnSync('wrk', ['-t1', '-c10', '-d3s', '-H', `Cookie: BASKETN=${runBasket}`, `${run.url}/`]);
    const cpuBefore = cpuMs(run.site.pid);
    const result = wrk(`${run.url}/`, [`Cookie: BASKETN=${runBasket}`]);
    const perRequest = (cpuMs(run.site.pid) - cpuBefore) / result.requests;
    const peak = peakRssKb(run.site.pid);
    say(
      `| ${flags || '(none)'} | ${Math.round(result.rps)} | ${ms(perRequest)} | ${ms(result.p99)} | ${peak === null ? 'n/a' : `${Math.round(peak / 1024)} MB`} | ${loadavg()[0].toFixed(1)} |`,
    );
    await stopAll([run.nginx, run.site]);
  }
  say('');
  say(`Finished ${new Date().toISOString()}; ${load()}.`);
  writeFileSync(join(tmpdir(), 'parts-store-recipe-bench.md'), `${lines.join('\n')}\n`);
} finally {
  await stopAll(handles);
  rmSync(staticRoot, { recursive: true, force: true });
}
