// npm run test:scale: two site instances behind Debian's nginx (deploy/nginx.conf, round-robin)
// with the reference store API behind them. A shopper's journey alternates instances and keeps its
// basket; 100 connections for 20 s over mixed routes give no errors and no 5xx while one instance
// is stopped halfway, and nginx fails over to the other.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderDeployConfig } from './perf/nginx.mjs';
import { createChecks } from './perf/checks.mjs';
import { createBasket, createVisitor } from './perf/visitor.mjs';
import { CLIENT_DIR, ROOT, SERVER_ENTRY, freePort, isFree, startNginx, startSite, startStoreApi, stopAll } from './perf/servers.mjs';

const DURATION_S = Number(process.env.SCALE_DURATION ?? 20);
// A browser journey of the team's e2e suite, run through nginx (both instances): the guest
// checkout once it exists, else the public pages.
const JOURNEY_SPEC =
  process.env.SCALE_JOURNEY ?? ['e2e/guest-checkout.spec.ts', 'e2e/public-pages.spec.ts'].find((spec) => existsSync(join(ROOT, spec))) ?? '';
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 100);
const handles = [];
let accessLog = '';
const { check, finish } = createChecks('SCALE_REPORT');

if (!existsSync(SERVER_ENTRY)) {
  console.error('dist/ is missing: run `npx astro build` first');
  process.exit(1);
}

try {
  // e2e/support/sites.ts puts the API ten ports above the site, so a spec finds both here.
  let nginxPort = await freePort();
  while (nginxPort + 10 > 65535 || !(await isFree(nginxPort + 10))) nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const api = await startStoreApi({ siteOrigins: [origin], port: nginxPort + 10 });
  handles.push(api);
  const sites = [];
  for (let i = 0; i < 2; i += 1) {
    const site = await startSite({ apiUrl: api.url, entry: join(ROOT, 'deploy', 'server.mjs'), env: { SITE_URL: `${origin}/` } });
    sites.push(site);
    handles.push(site);
  }
  const nginx = await startNginx(
    ({ dir }) => {
      accessLog = join(dir, 'logs', 'access.log');
      return renderDeployConfig({ listen: nginxPort, root: CLIENT_DIR, upstreams: sites.map((site) => site.port), tagUpstream: true, accessLog });
    },
    `${origin}/return-policy/`,
  );
  handles.push(nginx);
  console.log(`nginx ${origin} -> instances :${sites.map((site) => site.port).join(', :')}; store API ${api.url}`);

  // The journey, request by request, as a browser without JavaScript would make it.
  const visitor = createVisitor(origin);
  const { upstreams, visit } = visitor;

  const policy = await visit('/return-policy/');
  check('return policy through nginx', policy.status === 200);
  const cart = await visit('/');
  check('cart page through nginx', cart.status === 200, `status ${cart.status}`);
  const basket = await createBasket(visitor);
  check('basket created through the proxy', basket !== null, `basket ${basket}`);
  for (let i = 0; i < 4; i += 1) {
    const page = await visit('/');
    check(`cart page again (${i + 1})`, page.status === 200, `status ${page.status}`);
    if (basket) {
      const read = await visit(`/api/a/basket/${basket}/`, { headers: { accept: 'application/json' } });
      const lines = read.status === 200 ? (JSON.parse(read.body).BASKET ?? []) : [];
      check(`basket read back (${i + 1})`, lines.some((line) => Number(line.product_id) === 1374449), `status ${read.status}`);
    }
  }
  const seen = new Set(upstreams.filter((upstream) => upstream !== 'nginx'));
  check('requests alternate between both instances', seen.size === 2, [...seen].join(' and '));

  if (JOURNEY_SPEC && existsSync(join(ROOT, JOURNEY_SPEC))) {
    const logged = readFileSync(accessLog, 'utf8').length;
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', JOURNEY_SPEC, '--config', 'scripts/perf/playwright.scale.config.ts'],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_PORT_BASE: String(nginxPort) } },
    );
    const journeyUpstreams = new Set(
      readFileSync(accessLog, 'utf8')
        .slice(logged)
        .split('\n')
        .map((line) => line.split(' ')[0] ?? '')
        .filter((upstream) => /^127\.0\.0\.1:\d+$/.test(upstream)),
    );
    check(`browser journey ${JOURNEY_SPEC} through nginx`, run.status === 0, `exit ${run.status}`);
    check('the browser journey was served by both instances', journeyUpstreams.size === 2, [...journeyUpstreams].join(' and '));
  } else {
    console.log(`note: no browser journey spec (${JOURNEY_SPEC || 'e2e/guest-checkout.spec.ts'}) yet; the journey above ran over plain HTTP`);
  }

  // Load over mixed routes; one instance goes away halfway.
  const asset = (await visit('/return-policy/')).body.match(/\/_astro\/[^"']+\.js/)?.[0];
  const requests = [
    { method: 'GET', path: '/return-policy/' },
    { method: 'GET', path: '/no-such-page/' },
    { method: 'GET', path: '/public/subscriptions/unsubscribed/' },
    { method: 'GET', path: '/public/tracking/?trackingNumber=EZ1000000001' },
    { method: 'GET', path: '/', headers: basket ? { cookie: `BASKETN=${basket}` } : {} },
    { method: 'GET', path: '/api/v2/reports/warehouse-status/?format=full_report', headers: { accept: 'application/json' } },
    { method: 'GET', path: '/favicon.svg' },
    ...(asset ? [{ method: 'GET', path: asset }] : []),
  ];
  const stopAt = (DURATION_S * 1000) / 2;
  const stopping = setTimeout(() => {
    console.log(`stopping instance :${sites[0].port} after ${stopAt / 1000} s`);
    void sites[0].stop();
  }, stopAt);
  const load = await autocannon({ url: origin, connections: CONNECTIONS, duration: DURATION_S, requests, timeout: 10 });
  clearTimeout(stopping);
  const codes = { '2xx': load['2xx'], '3xx': load['3xx'], '4xx': load['4xx'], '5xx': load['5xx'] };
  console.log(
    `load: ${load.requests.total} requests, ${Math.round(load.requests.average)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ` +
      `errors ${load.errors}, timeouts ${load.timeouts}, ${JSON.stringify(codes)}`,
  );
  check(`${CONNECTIONS} connections for ${DURATION_S} s: no errors`, load.errors === 0 && load.timeouts === 0, `${load.errors} errors, ${load.timeouts} timeouts`);
  check('no 5xx answers', load['5xx'] === 0, `${load['5xx']} answers 5xx`);
  check('requests were answered', load['2xx'] > 0);

  // After the stop: everything is served by the remaining instance, the basket still there.
  upstreams.length = 0;
  const after = await visit('/');
  check('cart page after one instance stopped', after.status === 200);
  if (basket) {
    const read = await visit(`/api/a/basket/${basket}/`, { headers: { accept: 'application/json' } });
    const lines = read.status === 200 ? (JSON.parse(read.body).BASKET ?? []) : [];
    check('no lost basket after failover', lines.some((line) => Number(line.product_id) === 1374449));
  }
  check('only the remaining instance answers', upstreams.every((upstream) => upstream.endsWith(`:${sites[1].port}`)), upstreams.join(', '));
  const errors = nginx.errorLog().split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line) && !/connect\(\) failed|upstream prematurely closed|Connection refused|Connection reset/.test(line));
  check('nginx logged no errors other than the stopped instance', errors.length === 0, errors.slice(0, 3).join(' | '));
} catch (error) {
  check('scale test ran', false, String(error instanceof Error ? error.message : error));
} finally {
  await stopAll(handles);
}

finish();
