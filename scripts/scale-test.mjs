// npm run test:scale, the production topology: Debian's nginx terminating TLS with a self-signed
// certificate (deploy/nginx.conf as shipped, instances and paths substituted) → two instances of
// the production entry (deploy/server.mjs, production mode, the shipped V8 flags, SITE_URL read
// at start) → the reference store API. Through https:// it checks health and request ids, walks a
// basket through both instances, runs browser journeys (a guest checkout by card, a no-JavaScript
// login and logout, a cart edit, canonical and hreflang on the public origin), then loads the site
// with page views, proxy reads, cart edits (PATCH) and new baskets (POST) while one instance is
// stopped with SIGTERM: no request may fail, and the instance drains and exits 0. Before the drain
// the store API fails behind both instances (scripts/perf/store-faults.mjs): stopped for 10 s, then
// its basket read hanging; pages that need no store call answer for every visitor, the others the
// site's own 503 within one deadline, at once once an instance knows, never nginx's 502. nginx keeps
// the public pages (a second request never reaches an instance; one with a session cookie always
// does). Last, nginx's rate limit answers a burst of proxy calls with the site's own 429 page, and
// behind a second nginx as an outer balancer two visitors keep separate login budgets. Before the
// journeys, with 4-second access tokens, a signed-in visitor whose token has expired opens several
// pages at once through both instances (and, as the control, through one): nobody is logged out.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { NODE_FLAGS } from '../deploy/node-flags.mjs';
import { renderDeployConfig } from './perf/nginx.mjs';
import { createChecks } from './perf/checks.mjs';
import { basketHanging, storeApiStopped } from './perf/store-faults.mjs';
import { createBasket, createVisitor } from './perf/visitor.mjs';
import {
  CLIENT_DIR,
  ROOT,
  freePort,
  isFree,
  nginxDir,
  selfSignedCertificate,
  startNginx,
  startSite,
  startStoreApi,
  stopAll,
} from './perf/servers.mjs';

// The certificate is self-signed and made for this run: this process (and only it) accepts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const DURATION_S = Number(process.env.SCALE_DURATION ?? 12);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 32);
/** How long the store API is stopped while visitors go on opening pages. */
const OUTAGE_MS = Number(process.env.SCALE_OUTAGE_MS ?? 10_000);
const JOURNEYS = ['e2e/guest-checkout.spec.ts', 'e2e/production-topology.spec.ts'];
const handles = [];
const { check, finish } = createChecks('SCALE_REPORT');

/** The instance behind nginx that served each access-log line (deploy/nginx.conf's format). */
const upstreamsIn = (log) => new Set([...log.matchAll(/ upstream=(127\.0\.0\.1:\d+) /g)].map((match) => match[1]));

/** Access-token life in the renewal case: short, so the test waits seconds for an expiry, not minutes. */
const ACCESS_TOKEN_SECONDS = 4;
const PRIVATE_PAGES = ['/order-history/', '/account-settings/'];
const REFRESH_COOKIE = '__Host-ps_refresh';

/**
 * A signed-in visitor (plain HTTP, a cookie jar) whose access token has expired opens several
 * private pages at once, twice, each time after the token expired. Through nginx the pages reach
 * different instances, which renew the same refresh token at the same moment; every page must
 * render (a logged-out visitor is sent to login) and every instance must hand out the same pair.
 */
async function concurrentRenewal({ origin, siteOrigin, label, instances }) {
  // Signed in on the site's public origin (form posts must come from it), then visiting through `origin`.
  const signingIn = createVisitor(siteOrigin);
  const login = await signingIn.visit('/login/?_action=session.login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'customer@example.com', password: 'Customer123!' }).toString(),
  });
  const visitor = createVisitor(origin);
  for (const [name, value] of signingIn.cookies) visitor.cookies.set(name, value);
  check(`${label}: signed in`, login.status === 303 && visitor.cookies.has(REFRESH_COOKIE), `status ${login.status}`);
  for (const round of [1, 2]) {
    // The token's whole life and a margin: the pages below all carry an expired access token.
    await sleep(ACCESS_TOKEN_SECONDS * 1000 + 1500);
    visitor.upstreams.length = 0;
    const pages = Array.from({ length: 6 }, (_, index) => PRIVATE_PAGES[index % PRIVATE_PAGES.length]);
    const answers = await Promise.all(pages.map((path) => visitor.visit(path)));
    const statuses = answers.map((answer) => answer.status);
    check(
      `${label}, round ${round}: ${pages.length} pages opened at once after the token expired all render`,
      statuses.every((status) => status === 200),
      `statuses ${statuses.join(', ')}; ${answers.map((answer) => answer.headers.get('location') ?? '').join(' ')}`,
    );
    const handedOut = new Set(
      answers.flatMap((answer) =>
        answer.headers
          .getSetCookie()
          .filter((line) => line.startsWith(`${REFRESH_COOKIE}=`) && !/max-age=0\b/i.test(line))
          .map((line) => line.split(';')[0]),
      ),
    );
    // The tokens themselves stay out of the report: only how many different ones came back.
    check(
      `${label}, round ${round}: every renewal handed out the same refresh token`,
      handedOut.size === 1,
      `${handedOut.size} different`,
    );
    const served = new Set(visitor.upstreams.filter((upstream) => upstream !== 'nginx'));
    check(
      `${label}, round ${round}: the pages reached ${instances} instance(s)`,
      served.size === instances,
      [...served].join(', '),
    );
    const after = await visitor.visit(PRIVATE_PAGES[0]);
    check(`${label}, round ${round}: still signed in on the next page`, after.status === 200, `status ${after.status}`);
  }
}

if (!existsSync(join(ROOT, 'dist', 'server', 'entry.mjs'))) {
  console.error('dist/ is missing: run `npx astro build` first');
  process.exit(1);
}

try {
  // e2e/support/sites.ts puts the API ten ports above the site, so a spec finds both here.
  let nginxPort = await freePort();
  while (nginxPort + 10 > 65535 || !(await isFree(nginxPort + 10))) nginxPort = await freePort();
  const origin = `https://127.0.0.1:${nginxPort}`;
  // On a file of this run, so the store API can be stopped and started again with its baskets.
  const apiDir = nginxDir();
  handles.push({ stop: async () => rmSync(apiDir, { recursive: true, force: true }) });
  const apiOptions = { siteOrigins: [origin], port: nginxPort + 10, db: join(apiDir, 'store.db') };
  let api = await startStoreApi(apiOptions);
  handles.push({ stop: () => api.stop() });
  const sites = [];
  for (let i = 0; i < 2; i += 1) {
    const site = await startSite({
      apiUrl: api.url,
      entry: join(ROOT, 'deploy', 'server.mjs'),
      nodeArgs: NODE_FLAGS,
      readyPath: '/readyz',
      env: { SITE_URL: `${origin}/`, PUBLIC_APP_ENV: 'production' },
    });
    sites.push(site);
    handles.push(site);
  }
  const tlsDir = nginxDir();
  handles.push({ stop: async () => rmSync(tlsDir, { recursive: true, force: true }) });
  const tls = selfSignedCertificate(tlsDir);
  let accessLog = '';
  const nginx = await startNginx(({ dir }) => {
    accessLog = join(dir, 'logs', 'access.log');
    return renderDeployConfig({
      listen: nginxPort,
      root: CLIENT_DIR,
      upstreams: sites.map((site) => site.port),
      tls,
      tagUpstream: true,
      accessLog,
      rateLimits: false,
      // A cache of this run only: a page kept by an earlier run would answer the first request.
      cacheDir: join(dir, 'cache'),
    });
  }, `${origin}/healthz`);
  handles.push(nginx);
  const readLog = () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '');
  console.log(
    `nginx ${origin} (TLS) -> instances :${sites.map((site) => site.port).join(', :')}; store API ${api.url}`,
  );

  // Health: answered by the instances before the site, without cookies or log lines.
  const visitor = createVisitor(origin);
  const { upstreams, visit } = visitor;
  for (const path of ['/healthz', '/readyz']) {
    const answer = await visit(path);
    check(
      `${path} through nginx answers 200 without a cookie`,
      answer.status === 200 && answer.headers.getSetCookie().length === 0,
      `status ${answer.status}`,
    );
  }
  check('health checks leave no access-log line', !/ \/(healthz|readyz) /.test(readLog()));

  const policy = await visit('/return-policy/');
  const requestId = policy.headers.get('x-request-id') ?? '';
  check(
    'a page over https answers with a request id',
    policy.status === 200 && /^[0-9a-f]{32}$/.test(requestId),
    `status ${policy.status}, id ${requestId}`,
  );
  check(
    'the access log names the request id and the instance timings',
    new RegExp(
      `request_id=${requestId} upstream=127\\.0\\.0\\.1:\\d+ upstream_status=200 upstream_connect=[0-9.]+ upstream_response=[0-9.]+`,
    ).test(readLog()),
  );
  check(
    'canonical links carry the public origin given at start',
    policy.body.includes(`<link rel="canonical" href="${origin}/return-policy/">`),
  );
  // The shared page cache: the anonymous return policy is answered by nginx from now on, a
  // request with a session cookie always by an instance, and its answer is never kept.
  const cacheLines = () =>
    readLog()
      .split('\n')
      .filter((line) => line.includes('"GET /return-policy/ '));
  const again = await createVisitor(origin).visit('/return-policy/');
  check(
    'a public page asked again is answered from nginx’s cache, without an instance',
    again.headers.get('x-cache-status') === 'HIT' && again.body === policy.body,
    `X-Cache-Status ${again.headers.get('x-cache-status')}`,
  );
  check(
    'the access log shows the one render and the cache hit',
    cacheLines().length === 2 && / upstream=- .*cache=HIT$/.test(cacheLines()[1] ?? ''),
    cacheLines().join(' | '),
  );
  const personal = await createVisitor(origin).visit('/return-policy/', {
    headers: { cookie: '__Host-ps_access=someone; __Host-LANG=en' },
  });
  const anonymousAfter = await createVisitor(origin).visit('/return-policy/');
  check(
    'a request with a session cookie goes to an instance and its answer is not kept',
    personal.headers.get('x-cache-status') === 'BYPASS' &&
      /upstream=127\.0\.0\.1:\d+ .*cache=BYPASS$/.test(cacheLines()[2] ?? '') &&
      personal.headers.get('cache-control') === 'private, no-cache' &&
      anonymousAfter.headers.get('cache-control') !== 'private, no-cache',
    `${personal.headers.get('x-cache-status')}, ${personal.headers.get('cache-control')}`,
  );

  // A visitor's own X-Forwarded-Proto is replaced by nginx, so it cannot turn the origin check.
  const logout = await createVisitor(origin).visit('/logout/', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'http' },
    body: '',
  });
  check('a form post from the https origin passes the origin check', logout.status === 303, `status ${logout.status}`);

  const basket = await createBasket(visitor);
  check('basket created through the proxy over https', basket !== null, `basket ${basket}`);

  // Over https only __Host- cookies are the site's own. Bare claims, a guest record and a basket
  // key, as a sibling subdomain could plant them, sign no one in and are deleted unread; a bare
  // basket number, which authorizes nothing, is renamed.
  const plantedClaims = encodeURIComponent(JSON.stringify({ userid: 9, firstName: 'Mallory', role: 'customer' }));
  const planted = await createVisitor(origin).visit('/', {
    headers: {
      cookie: `ps_session=${plantedClaims}; ps_guest=${basket}; ps_basket_key=planted.key; BASKETN=${basket}`,
    },
  });
  const plantedAnswer = planted.headers.getSetCookie();
  const deletes = (name) =>
    plantedAnswer.some((line) => line.startsWith(`${name}=`) && /expires=[^;]*1970/i.test(line));
  check(
    'over https a planted bare session, guest record or basket key is deleted unread and a bare basket number becomes __Host-BASKETN',
    planted.status === 200 &&
      !planted.body.includes('Mallory') &&
      deletes('ps_session') &&
      deletes('ps_guest') &&
      deletes('ps_basket_key') &&
      deletes('BASKETN') &&
      plantedAnswer.some((line) => line.startsWith(`__Host-BASKETN=${basket};`) && /;\s*secure/i.test(line)),
    plantedAnswer.map((line) => line.split(';')[0]).join(', '),
  );
  for (let i = 0; i < 4; i += 1) {
    const page = await visit('/');
    check(`cart page (${i + 1})`, page.status === 200, `status ${page.status}`);
  }
  check(
    'requests alternate between both instances',
    new Set(upstreams.filter((upstream) => upstream !== 'nginx')).size === 2,
  );

  // Renewal across instances, and the same with one instance as the control.
  const setTokenLife = (seconds) =>
    fetch(`${api.url}__test/token-lifetime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
  await setTokenLife(ACCESS_TOKEN_SECONDS);
  await concurrentRenewal({ origin, siteOrigin: origin, label: 'two instances', instances: 2 });
  const singlePort = await freePort();
  const single = await startNginx(
    () =>
      renderDeployConfig({
        listen: singlePort,
        root: CLIENT_DIR,
        upstreams: [sites[0].port],
        tls,
        tagUpstream: true,
        rateLimits: false,
      }),
    `https://127.0.0.1:${singlePort}/healthz`,
  );
  handles.push(single);
  await concurrentRenewal({
    origin: `https://127.0.0.1:${singlePort}`,
    siteOrigin: origin,
    label: 'one instance (control)',
    instances: 1,
  });
  await single.stop();
  await setTokenLife(900);

  const logged = readLog().length;
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      ...JOURNEYS,
      '--config',
      'scripts/perf/playwright.scale.config.ts',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_PORT_BASE: String(nginxPort), E2E_SCHEME: 'https' } },
  );
  check(`browser journeys through https (${JOURNEYS.join(', ')})`, run.status === 0, `exit ${run.status}`);
  check('the browser journeys were served by both instances', upstreamsIn(readLog().slice(logged)).size === 2);

  // The store API failing behind both instances: stopped, then its basket read hanging.
  if (basket) {
    await storeApiStopped({
      origin,
      basket,
      check,
      durationMs: OUTAGE_MS,
      stopApi: () => api.stop(),
      startApi: async () => {
        api = await startStoreApi(apiOptions);
      },
    });
    await basketHanging({ origin, apiUrl: api.url, basket, check });
  }

  // Load with one instance drained halfway: GETs and unsafe calls alike must all succeed.
  const json = { accept: 'application/json', 'content-type': 'application/json', origin };
  const unexpected = new Map();
  // autocannon pairs answers with its request list by position, and after a connection is replaced
  // mid-run it can pair an answer with its neighbour (a tracking page's 200 read as the 404 page's,
  // and the other way round, in equal numbers). An answer fails the check when no route of the mix
  // gives its status: a 5xx, a 502 from nginx, a 403 of a refused post.
  const OWN_STATUSES = new Set([200, 404]);
  const expecting = (request, statuses) => ({
    ...request,
    onResponse: (status) => {
      if (statuses.includes(status) || OWN_STATUSES.has(status)) return;
      const key = `${request.method} ${request.path} → ${status}`;
      unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
    },
  });
  // Over https every site cookie has the __Host- prefix.
  const cart = basket ? { cookie: `__Host-BASKETN=${basket}` } : {};
  const requests = [
    expecting({ method: 'GET', path: '/', headers: cart }, [200]),
    expecting(
      { method: 'PATCH', path: '/api/a/item/1374449/3/', headers: json, body: JSON.stringify({ basketNum: basket }) },
      [200],
    ),
    expecting({ method: 'GET', path: '/return-policy/' }, [200]),
    expecting({ method: 'GET', path: `/api/a/basket/${basket}/`, headers: { accept: 'application/json' } }, [200]),
    expecting(
      {
        method: 'POST',
        path: '/api/a/basket/',
        headers: json,
        body: JSON.stringify({ product_id: 2043, qty: 1, store_id: 'marine' }),
      },
      [200],
    ),
    expecting({ method: 'GET', path: '/public/tracking/?trackingNumber=EZ1000000001' }, [200]),
    expecting({ method: 'GET', path: '/no-such-page/' }, [404]),
    expecting(
      { method: 'PATCH', path: '/api/a/item/1374449/2/', headers: json, body: JSON.stringify({ basketNum: basket }) },
      [200],
    ),
    expecting({ method: 'GET', path: '/favicon.svg' }, [200]),
  ];
  const drained = sites[0];
  let readinessWhileDraining = 0;
  let servedWhileDraining = 0;
  const stopping = setTimeout(
    () => {
      console.log(`SIGTERM to instance :${drained.port} after ${DURATION_S / 2} s`);
      drained.child.kill('SIGTERM');
      void (async () => {
        await sleep(300);
        // Side by side, so both fall within the grace period on a busy machine.
        const [readiness, served] = await Promise.all(
          ['/readyz', '/return-policy/'].map((path) => fetch(`${drained.url}${path}`).catch(() => ({ status: 0 }))),
        );
        readinessWhileDraining = readiness?.status ?? 0;
        servedWhileDraining = served?.status ?? 0;
      })();
    },
    (DURATION_S * 1000) / 2,
  );
  const load = await autocannon({ url: origin, connections: CONNECTIONS, duration: DURATION_S, requests, timeout: 20 });
  clearTimeout(stopping);
  const exit = await Promise.race([drained.exited, sleep(30_000).then(() => null)]);
  console.log(
    `load: ${load.requests.total} requests, ${Math.round(load.requests.average)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ` +
      `errors ${load.errors}, timeouts ${load.timeouts}, 2xx ${load['2xx']}, 4xx ${load['4xx']}, 5xx ${load['5xx']}`,
  );
  const wrong = [...unexpected].map(([key, count]) => `${key} ×${count}`);
  check(
    `${CONNECTIONS} connections for ${DURATION_S} s with an instance drained: no socket error or timeout`,
    load.errors === 0 && load.timeouts === 0,
    `${load.errors} errors, ${load.timeouts} timeouts`,
  );
  check(
    'every answer is its route’s own, GET, PATCH and POST alike (no 5xx)',
    wrong.length === 0 && load['5xx'] === 0,
    wrong.slice(0, 5).join('; '),
  );
  check('requests were answered', load['2xx'] > 0);
  check(
    'the draining instance answered readiness 503 and still served pages',
    readinessWhileDraining === 503 && servedWhileDraining === 200,
    `readyz ${readinessWhileDraining}, page ${servedWhileDraining}`,
  );
  check('the drained instance exited 0', exit?.code === 0, JSON.stringify(exit));

  // After the drain: the other instance serves everything, the basket is intact.
  upstreams.length = 0;
  check('cart page after the drain', (await visit('/')).status === 200);
  if (basket) {
    const read = await visit(`/api/a/basket/${basket}/`, { headers: { accept: 'application/json' } });
    const lines = read.status === 200 ? (JSON.parse(read.body).BASKET ?? []) : [];
    check(
      'no lost basket after the drain',
      lines.some((line) => Number(line.product_id) === 1374449),
    );
  }
  check(
    'only the remaining instance answers',
    upstreams.every((upstream) => upstream.endsWith(`:${sites[1].port}`)),
    upstreams.join(', '),
  );
  // The recipe keeps nginx's error log to `crit`: a request line there would carry basket and
  // tracking numbers in clear. What nginx met of the leaving instance is in the access log.
  const errorLines = nginx
    .errorLog()
    .split('\n')
    .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line) || /request: "/.test(line));
  check('nginx’s error log holds no request line', errorLines.length === 0, errorLines.slice(0, 3).join(' | '));
  const leavingLines = readLog()
    .split('\n')
    .filter((line) => line.includes(`127.0.0.1:${drained.port}, `) || line.includes(`127.0.0.1:${drained.port} : `));
  console.log(`access-log lines of a request nginx moved off the leaving instance: ${leavingLines.length}`);

  // The shipped rate limits, and the recipe trusting an outer balancer on 127.0.0.1.
  const limitedPort = await freePort();
  const limited = await startNginx(
    ({ dir }) =>
      renderDeployConfig({
        listen: limitedPort,
        root: CLIENT_DIR,
        upstreams: [sites[1].port],
        tls,
        cacheDir: join(dir, 'cache'),
        trustedBalancers: ['127.0.0.1'],
      }),
    `https://127.0.0.1:${limitedPort}/healthz`,
  );
  handles.push(limited);
  const burst = await Promise.all(
    Array.from({ length: 80 }, () =>
      fetch(`https://127.0.0.1:${limitedPort}/api/a/basket/${basket}/`, {
        headers: { accept: 'application/json', cookie: '__Host-LANG=es' },
      })
        .then(async (response) => ({ status: response.status, body: await response.text() }))
        .catch(() => ({ status: 0, body: '' })),
    ),
  );
  const refusal = burst.find((answer) => answer.status === 429);
  check(
    'a burst of proxy calls meets the rate limit with the site’s own page in the visitor’s language',
    burst.some((answer) => answer.status === 200) &&
      refusal !== undefined &&
      refusal.body.includes('<html lang="es">') &&
      refusal.body.includes('Demasiadas solicitudes'),
    `${burst.filter((answer) => answer.status === 429).length} of 80 limited`,
  );

  // An outer balancer (a second nginx on 127.0.0.1) in front of the recipe: visitors from two
  // addresses keep their own login budgets, as the store API counts failures per address.
  const outerPort = await freePort();
  const outer = await startNginx(
    () => `server {
    listen 127.0.0.1:${outerPort};
    location / {
        proxy_pass https://127.0.0.1:${limitedPort};
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto https;
    }
}`,
    `http://127.0.0.1:${outerPort}/healthz`,
  );
  handles.push(outer);
  const loginFrom = (localAddress, username, password) =>
    new Promise((resolve) => {
      const body = new URLSearchParams({ intent: 'login', username, password }).toString();
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: outerPort,
          localAddress,
          method: 'POST',
          path: '/login/?_action=session.login',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            origin: `https://127.0.0.1:${outerPort}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              signedIn: (res.headers['set-cookie'] ?? []).some((line) => /^__Host-ps_access=[^;]+/.test(line)),
            }),
          );
        },
      );
      req.on('error', () => resolve({ status: 0, signedIn: false }));
      req.end(body);
    });
  const failures = [];
  for (let i = 0; i < 24; i += 1)
    failures.push(await loginFrom('127.0.0.2', `nobody${i}@example.com`, 'wrong-password'));
  const other = await loginFrom('127.0.0.3', 'customer@example.com', 'Customer123!');
  const same = await loginFrom('127.0.0.2', 'customer@example.com', 'Customer123!');
  check(
    'behind an outer balancer, 24 failed logins from one address hold that address back and leave another alone',
    failures.every((answer) => answer.status > 0 && !answer.signedIn) && other.signedIn && !same.signedIn,
    `other address: ${JSON.stringify(other)}, same address: ${JSON.stringify(same)}`,
  );
} catch (error) {
  check('production topology test ran', false, String(error instanceof Error ? error.message : error));
} finally {
  await stopAll(handles);
}

finish();
