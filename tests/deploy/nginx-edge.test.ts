import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CACHE_BYPASS_COOKIES } from '~/lib/http/cache';
import { writeErrorPages } from '../../scripts/build/error-pages.mjs';
import { renderDeployConfig } from '../../scripts/perf/nginx.mjs';
import { NGINX, ROOT, freePort, startNginx } from '../../scripts/perf/servers.mjs';
import { loggablePath } from '../../deploy/access-log.mjs';

// deploy/nginx.conf as shipped (plain http) in front of a stand-in instance that counts what
// reaches it: the page cache, the error pages in the visitor's language and the asset 404.

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
const hits = new Map<string, number>();
let upstream: Server;
let nginx: { stop(): Promise<void>; errorLog(): string } | undefined;
let origin = '';
let root = '';
let accessLog = '';

async function startUpstream(): Promise<number> {
  const port = Number(await freePort());
  upstream = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const headers: Record<string, string | string[]> = { 'content-type': 'text/html; charset=utf-8', vary: 'Cookie' };
    if (path.startsWith('/private/')) headers['cache-control'] = 'private, no-cache';
    else headers['cache-control'] = SHARED;
    if (path.startsWith('/sets-cookie/')) headers['set-cookie'] = 'ps_session=x; Path=/';
    res.writeHead(path.startsWith('/missing/') ? 404 : 200, headers);
    res.end(`<p>${path} ${hits.get(path)}</p>`);
  });
  await new Promise<void>((resolve) => upstream.listen(port, '127.0.0.1', resolve));
  return port;
}

// nginx writes a line once the answer has gone out.
async function accessLineOf(requestId: string): Promise<string> {
  for (let wait = 0; wait < 100; wait += 1) {
    const line = readFileSync(accessLog, 'utf8')
      .split('\n')
      .find((each) => each.includes(` request_id=${requestId} `));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return '';
}

/** The id an answer of nginx's own carries, after checking its page shows that very id. */
function shownRequestId(answer: { headers: Headers; body: string }): string {
  const id = answer.headers.get('x-request-id') ?? '';
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(answer.body).toContain(`<code>${id}</code>`);
  return id;
}

const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const response = await fetch(`${origin}${path}`, { headers, method, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
};

describe.runIf(existsSync(NGINX))('deploy/nginx.conf in front of an instance', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'nginx-edge-'));
    writeErrorPages(root);
    mkdirSync(join(root, '_astro'));
    writeFileSync(join(root, '_astro', 'app.Ab12.js'), 'export {};');
    writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const upstreamPort = await startUpstream();
    const listen = Number(await freePort());
    origin = `http://127.0.0.1:${listen}`;
    nginx = await startNginx(({ dir }: { dir: string }) => {
      accessLog = join(dir, 'logs', 'access.log');
      return renderDeployConfig({ listen, root, upstreams: [upstreamPort], cacheDir: join(dir, 'cache'), accessLog });
    }, `${origin}/favicon.svg`);
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    if (upstream.listening) await new Promise((resolve) => upstream.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps a shareable page once and answers it from the cache', async () => {
    const first = await get('/page/');
    const second = await get('/page/');
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(hits.get('/page/')).toBe(1);
  });

  it('never answers a request with a session or LANG cookie from the cache, nor keeps its answer', async () => {
    await get('/visitor/');
    for (const name of SHARED_CACHE_BYPASS_COOKIES) {
      const answer = await get('/visitor/', { cookie: `_ga=1; ${name}=value` });
      expect(answer.headers.get('x-cache-status'), name).toBe('BYPASS');
    }
    expect(hits.get('/visitor/')).toBe(1 + SHARED_CACHE_BYPASS_COOKIES.length);
    expect((await get('/visitor/')).headers.get('x-cache-status')).toBe('HIT');
    // An empty value is no session.
    expect((await get('/visitor/', { cookie: 'ps_session=' })).headers.get('x-cache-status')).not.toBe('BYPASS');
  });

  it('the bypass list is the site’s list of cookies that make a page someone’s own', () => {
    const shipped = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    const names = /\$parts_store_personal \{[^}]*\(\?:([^)]+)\)=/.exec(shipped)?.[1]?.split('|') ?? [];
    expect([...names].sort()).toEqual([...SHARED_CACHE_BYPASS_COOKIES].sort());
  });

  it('keeps nothing private, nothing that sets a cookie, no post and nothing of the store API proxy', async () => {
    for (const path of ['/private/', '/sets-cookie/', '/api/a/basket/1/']) {
      await get(path);
      await get(path);
      expect(hits.get(path), path).toBe(2);
    }
    await get('/posted/', {}, 'POST');
    await get('/posted/', {}, 'POST');
    expect(hits.get('/posted/')).toBe(2);
  });

  it('logs the route as the instances do: no query, no token, basket number or e-mail in clear', async () => {
    const targets = [
      '/api/a/paypal/EC-7XK29341AB123/capture/',
      '/payment-success/?token=EC-7XK29341AB123',
      '/public/rate/aGVsbG8gd29ybGQgaGVsbG8gd29ybGQ/',
      '/api/admin/public/rate_merchant/NjAwMzAy.VwW3UWrPS-ZxZFpB',
      '/api/a/guest/600123/',
      '/api/a/item/1374449/5/?basketNum=600123',
      '/api/v2/orders/someone%40example.com/',
      '/fr/public/tracking/?trackingNumber=1Z999&email=a@b.c',
      '/return-policy/',
    ];
    for (const target of targets) await get(target);
    // nginx writes a line once the answer has gone out, and the log already holds earlier tests' lines.
    const loggedPaths = () =>
      readFileSync(accessLog, 'utf8')
        .split('\n')
        .map((line) => /"GET (\S+) HTTP/.exec(line)?.[1])
        .filter(Boolean);
    let paths = loggedPaths();
    for (let wait = 0; wait < 100 && !targets.every((target) => paths.includes(loggablePath(target))); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      paths = loggedPaths();
    }
    for (const target of targets) expect(paths, target).toContain(loggablePath(target));
    const text = readFileSync(accessLog, 'utf8');
    for (const secret of ['EC-7XK', 'aGVsbG8', 'NjAwMzAy', '600123', '1374449', 'example.com', '1Z999'])
      expect(text, secret).not.toContain(secret);
  });

  it('keeps hashed assets for a year, and answers a missing one without a cache life', async () => {
    const asset = await get('/_astro/app.Ab12.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await get('/_astro/app.Zz99.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('answers too many tracking look-ups with the site’s own 429 page in the visitor’s language', async () => {
    const statuses: number[] = [];
    let refused = '';
    let refusedId = '';
    for (let i = 0; i < 80 && !refused; i += 1) {
      const answer = await get(`/fr/public/tracking/?trackingNumber=1ZEDGE${i}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        refused = answer.body;
        refusedId = shownRequestId(answer);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('retry-after')).toBeTruthy();
      }
    }
    expect(statuses[0]).toBe(200);
    expect(refused).toContain('<html lang="fr">');
    expect(refused).toContain('Trop de requêtes');
    expect(refused).toContain('<a class="primary" href="">Réessayer</a>');
    expect(refused).toContain('Référence pour le support');
    const posted = await get('/es/public/tracking/', { cookie: 'LANG=es' }, 'POST');
    expect(posted.status).toBe(429);
    expect(posted.body).toContain('Demasiadas solicitudes');
    const postedId = shownRequestId(posted);

    // Each refusal is a line of the access log under the address asked for, with its id.
    expect(await accessLineOf(refusedId)).toMatch(/"GET \/fr\/public\/tracking\/ HTTP\/1\.1" 429 \d+ .*upstream=- /);
    expect(await accessLineOf(postedId)).toContain('"POST /es/public/tracking/ HTTP/1.1" 429 ');
    // The error log has none of the refused requests: its lines would end with the request line.
    const errors = nginx?.errorLog() ?? '';
    expect(errors).not.toContain('limiting requests');
    expect(errors).not.toContain('1ZEDGE');
  });

  it('answers with the site’s own 502 page, by path prefix, else the LANG cookie under either name, else English', async () => {
    await new Promise((resolve) => upstream.close(resolve));
    const spanish = await get('/es/gone/?basketNum=600777');
    expect(spanish.status).toBe(502);
    expect(spanish.body).toContain('La tienda no responde');
    expect(spanish.body).toContain('href="/es/"');
    // nginx's own 502 is logged like the instance's answers, with the id the page shows, and says
    // what the instance did; the error log keeps the refused connection, and its request, out.
    const line = await accessLineOf(shownRequestId(spanish));
    expect(line).toMatch(/"GET \/es\/gone\/ HTTP\/1\.1" 502 \d+ .*upstream=127\.0\.0\.1:\d+ upstream_status=502 /);
    expect(line).not.toContain('600777');
    const errors = nginx?.errorLog() ?? '';
    expect(errors).not.toContain('600777');
    expect(errors).not.toContain('request: "');
    // A health check nginx answers itself is a refusal like any other, not a probe to leave out.
    const health = await get('/healthz');
    expect(health.status).toBe(502);
    expect(await accessLineOf(shownRequestId(health))).toContain('"GET /healthz HTTP/1.1" 502 ');
    expect((await get('/gone/', { cookie: 'LANG=pt' })).body).toContain('A loja não está respondendo');
    // Over https the language cookie has the __Host- prefix, like every cookie the site sets.
    expect((await get('/gone/', { cookie: 'a=1; __Host-LANG=fr' })).body).toContain('La boutique ne répond pas');
    const english = await get('/gone/', { cookie: 'LANG=<script>' });
    expect(english.body).toContain('The store is not answering');
    expect(english.headers.get('content-type')).toMatch(/^text\/html/);
    // A page kept in the cache is still answered while no instance is there.
    expect((await get('/page/')).status).toBe(200);
  });
});
