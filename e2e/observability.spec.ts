import { request as httpRequest } from 'node:http';
import { expect, test } from './support/test';
import { DEMO_ACCOUNTS } from '../store-api/seed/accounts';
import { hydrated } from './support/islands';
import { startProductionEntry, startStoreApi, type OwnServer } from './support/servers';
import { E2E_OWN_PORTS } from './support/sites';

// The production entry as an operator runs it (deploy/server.mjs, PUBLIC_APP_ENV=production,
// METRICS_PORT set): what it logs, what it refuses, and where its metrics are.

test.describe.configure({ mode: 'serial' });

const siteUrl = `http://127.0.0.1:${E2E_OWN_PORTS.observedSite}`;
const metricsUrl = `http://127.0.0.1:${E2E_OWN_PORTS.metrics}/metrics`;
const output: string[] = [];
let storeApi: OwnServer;
let site: OwnServer;

interface LogLine {
  level: string;
  msg: string;
  instance?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  requestId?: string;
  call?: string;
  outcome?: string;
}

const logLines = (): LogLine[] =>
  output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

const accessLineOf = (requestId: string) =>
  logLines().find((line) => line.msg === 'request' && line.requestId === requestId);

/** node:http, since fetch refuses to send TRACE at all. */
function raw(
  method: string,
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

async function addFault(spec: Record<string, unknown>): Promise<void> {
  const answer = await fetch(new URL('__test/faults', storeApi.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ times: 1, ...spec }),
  });
  expect(answer.status).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(120000);
  storeApi = await startStoreApi(E2E_OWN_PORTS.observedApi, ':memory:', [siteUrl]);
  site = await startProductionEntry(
    E2E_OWN_PORTS.observedSite,
    storeApi.url,
    {
      METRICS_PORT: String(E2E_OWN_PORTS.metrics),
      UPSTREAM_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'info',
      INSTANCE_ID: 'journey-instance',
    },
    output,
  );
});

test.afterAll(async () => {
  await site?.stop();
  await storeApi?.stop();
});

test('every answer carries the request id it was given, or a new one, and logs one access line with it', async () => {
  const given = await fetch(`${siteUrl}/return-policy/`, { headers: { 'X-Request-Id': 'journey-given-1' } });
  expect(given.status).toBe(200);
  expect(given.headers.get('x-request-id')).toBe('journey-given-1');

  const made = await fetch(`${siteUrl}/_astro/nothing-here.js`);
  const madeId = made.headers.get('x-request-id') ?? '';
  expect(madeId).toMatch(/^[0-9a-f-]{36}$/);

  // A forged id that would break the log line is replaced.
  const forged = await fetch(`${siteUrl}/return-policy/`, { headers: { 'X-Request-Id': 'x"}\t{"level":"fatal' } });
  expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

  await expect
    .poll(() => accessLineOf('journey-given-1'))
    .toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/return-policy/',
      status: 200,
      instance: 'journey-instance',
    });
  expect(accessLineOf('journey-given-1')?.durationMs).toEqual(expect.any(Number));
  await expect.poll(() => accessLineOf(madeId)).toMatchObject({ path: '/_astro/nothing-here.js', status: 404 });
});

test('health probes leave no access line', async () => {
  for (const path of ['/healthz', '/readyz'])
    await fetch(`${siteUrl}${path}`, {
      headers: { 'X-Request-Id': `journey-probe${path.replace('/', '-')}` },
      redirect: 'manual',
    });
  await fetch(`${siteUrl}/return-policy/`, { headers: { 'X-Request-Id': 'journey-after-probes' } });
  await expect.poll(() => accessLineOf('journey-after-probes')).toMatchObject({ status: 200 });
  expect(accessLineOf('journey-probe-healthz')).toBeUndefined();
  expect(accessLineOf('journey-probe-readyz')).toBeUndefined();
});

test('no token, password, e-mail or tracking number reaches the log', async () => {
  const account = DEMO_ACCOUNTS[0];
  // The login form as posted without JavaScript: its action signs in and names the next page.
  const login = await fetch(`${siteUrl}/login/?_action=session.login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: siteUrl,
      'X-Request-Id': 'journey-login-1',
    },
    body: new URLSearchParams({ username: account.email, password: account.password }).toString(),
    redirect: 'manual',
  });
  expect(login.status).toBe(303);
  const cookieValues = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]?.split('=').slice(1).join('=') ?? '');
  const tokens = cookieValues.filter((value) => value.length > 20);
  expect(tokens.length).toBeGreaterThan(0);

  const tracking = await fetch(
    `${siteUrl}/public/tracking/?trackingNumber=EZ1000000001&email=${encodeURIComponent(account.email)}`,
    {
      headers: { 'X-Request-Id': 'journey-tracking-1' },
    },
  );
  expect(tracking.status).toBe(200);

  await expect
    .poll(() => accessLineOf('journey-login-1'))
    .toMatchObject({ method: 'POST', path: '/login/', status: 303 });
  await expect.poll(() => accessLineOf('journey-tracking-1')).toMatchObject({ path: '/public/tracking/', status: 200 });
  const log = output.join('');
  for (const secret of [
    account.email,
    encodeURIComponent(account.email),
    account.password,
    'EZ1000000001',
    ...tokens,
  ]) {
    expect(log, 'a secret in the log').not.toContain(secret);
  }
});

test('a failed or slow store API call is logged with its call name and the request id', async () => {
  // A server-rendered page whose call is cut off, and a proxy call that outlasts the timeout.
  await addFault({ method: 'GET', path: '^/a/tracking/EZ2000000002', drop: true });
  const page = await fetch(`${siteUrl}/public/tracking/?trackingNumber=EZ2000000002`, {
    headers: { 'X-Request-Id': 'journey-upstream-1' },
  });
  expect(page.status).toBe(503);

  await addFault({ method: 'GET', path: '^/v2/reports/warehouse-status', status: 200, delay: 4000 });
  const proxied = await fetch(`${siteUrl}/api/v2/reports/warehouse-status/`, {
    headers: { 'X-Request-Id': 'journey-upstream-2' },
  });
  expect(proxied.status).toBe(504);

  const failure = (requestId: string) =>
    logLines().find((line) => line.msg === 'upstream failed' && line.requestId === requestId);
  await expect
    .poll(() => failure('journey-upstream-1'))
    .toMatchObject({ level: 'warn', call: 'GET a/tracking/{trackingNumber}', outcome: 'unreachable' });
  await expect
    .poll(() => failure('journey-upstream-2'))
    .toMatchObject({ level: 'warn', call: 'GET v2/reports/warehouse-status', outcome: 'timeout' });
  expect(output.join('')).not.toContain('EZ2000000002');
});

test('calls made by the browser are logged under the id the page gave them', async ({ page }) => {
  await page.goto(`${siteUrl}/?add-to-cart=2043,1`);
  await hydrated(page);
  const sent = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().includes('/api/a/item/2043/'),
  );
  await page.locator('input[id="qty-2043"]').fill('2');
  const sentId = (await (await sent).headerValue('x-request-id')) ?? '';
  // The pipeline's id: the call's flag and eight hex digits.
  expect(sentId).toMatch(/^[\w-]+-[0-9a-f]{8}$/);
  await expect
    .poll(() => accessLineOf(sentId))
    // The access line names the route, not the product or quantity.
    .toMatchObject({ method: 'PATCH', path: '/api/a/item/{id}/{id}/', status: 200 });
});

test('TRACE and unknown methods answer 405 without a stack in the log', async () => {
  for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
    const answer = await raw(method, `${siteUrl}/`);
    expect(answer.status, method).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD, POST');
    expect(answer.body).not.toMatch(/\bat \w|node_modules|\.m?js:\d+/);
  }
  const french = await raw('TRACE', `${siteUrl}/fr/return-policy/`);
  expect(french.body).not.toBe((await raw('TRACE', `${siteUrl}/return-policy/`)).body);
  await expect
    .poll(() => logLines().filter((line) => line.method === 'TRACE' && line.status === 405).length)
    .toBeGreaterThanOrEqual(3);
  const log = output.join('');
  expect(log).not.toMatch(/\n\s+at /);
  expect(log).not.toContain('Internal Server Error');
});

test('metrics answer on their own port, never on the site', async () => {
  await fetch(`${siteUrl}/return-policy/`);
  await addFault({ method: 'GET', path: '^/a/tracking/TP4000000004', drop: true });
  expect((await fetch(`${siteUrl}/public/tracking/?trackingNumber=TP4000000004`)).status).toBe(503);
  const answer = await fetch(metricsUrl);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  const text = await answer.text();
  expect(text).toMatch(/^http_requests_total\{method="GET",route="\/return-policy\/",status="200"\} \d+/m);
  expect(text).toMatch(
    /^http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/return-policy\/",status="200"\}/m,
  );
  // Page views go out in batches after the page has answered: the analytics call shows up shortly.
  await expect
    .poll(
      async () =>
        (await (await fetch(metricsUrl)).text()).match(
          /^upstream_request_duration_seconds_count\{call="POST analytics",outcome="ok"\} \d+/m,
        ) !== null,
    )
    .toBe(true);
  expect(text).toMatch(
    /^upstream_errors_total\{call="GET a\/tracking\/\{trackingNumber\}",outcome="unreachable"\} [1-9]/m,
  );
  for (const series of [
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
    'process_resident_memory_bytes',
  ]) {
    expect(text).toMatch(new RegExp(`^${series} \\d`, 'm'));
  }

  for (const path of ['/metrics', '/metrics/']) {
    const onSite = await fetch(`${siteUrl}${path}`);
    expect(onSite.status, path).toBe(404);
    expect(await onSite.text()).not.toContain('http_requests_total');
  }
});
