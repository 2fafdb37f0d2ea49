import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageMemory } from '../../deploy/page-memory.mjs';
import { registerPageViewSink } from '../../deploy/page-view-sink.mjs';
import { createServingHandler } from '../../deploy/serving.mjs';

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  raw: string[];
  body: Buffer;
}

const PUBLIC = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
const SECURITY = {
  'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};
const page = (label: string) =>
  `<!doctype html><html><body>${`<p>${label}: thirty days.</p>`.repeat(80)}</body></html>`;

let renders: string[] = [];
let clock = 1_000_000;
const views: unknown[] = [];
let memory: ReturnType<typeof createPageMemory>;
let server: Server;
let origin = '';
let client = '';

// Stands in for the built site: public pages with the site's headers, streamed in two writes.
function fakeAstro(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  renders.push(url);
  const cookie = req.headers.cookie ?? '';
  const headers: Record<string, string | string[]> = {
    ...SECURITY,
    'content-type': 'text/html',
    'x-request-id': String(req.headers['x-request-id'] ?? 'made-by-site'),
    vary: 'Cookie',
    'cache-control': cookie.includes('ps_session') ? 'private, no-cache' : PUBLIC,
  };
  if (url.startsWith('/sets-cookie/')) headers['set-cookie'] = ['ps_access=new; Path=/; HttpOnly'];
  if (url.startsWith('/private/')) headers['cache-control'] = 'private, no-cache';
  if (url.startsWith('/accept-language/')) headers.vary = 'Cookie, Accept-Language';
  if (url.startsWith('/return-policy/') && /LANG=fr/.test(cookie)) {
    res.writeHead(302, { location: '/fr/return-policy/', 'cache-control': 'private, no-cache', vary: 'Cookie' });
    res.end();
    return;
  }
  res.writeHead(url.startsWith('/missing/') ? 404 : 200, headers);
  const body = page(`${url} ${cookie.includes('ps_session') ? 'signed in' : 'anonymous'}`);
  res.write(body.slice(0, 700));
  setTimeout(() => res.end(body.slice(700)), 5);
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function plain(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

/** Every header but those of one answer only (its id, date, framing and chosen encoding). */
function lasting(answer: Answer): Record<string, unknown> {
  const own = ['x-request-id', 'date', 'content-length', 'transfer-encoding', 'content-encoding', 'x-cache'];
  const kept = Object.entries(answer.headers).filter(([name]) => !own.includes(name) && name !== 'connection');
  return Object.fromEntries(kept.filter(([name]) => name !== 'keep-alive'));
}

/** A first render, then waits until its page is stored. */
async function render(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const before = memory.size();
  const answer = await get(path, headers);
  await expect.poll(() => memory.size()).toBeGreaterThan(before);
  return answer;
}

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'page-memory-'));
  registerPageViewSink(
    (view) => views.push(view),
    () => Promise.resolve(),
  );
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

let handler: (req: IncomingMessage, res: ServerResponse) => void;

beforeEach(() => {
  renders = [];
  views.length = 0;
  memory = createPageMemory({ now: () => clock, maxBytes: 64 * 1024 });
  handler = createServingHandler(fakeAstro, client, memory);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(client, { recursive: true, force: true });
});

describe('public pages from memory', () => {
  it('answers a rendered public page again without the site, with every header of its render', async () => {
    const rendered = await render('/return-policy/', { 'accept-encoding': 'br', 'x-request-id': 'first' });
    const stored = await get('/return-policy/', { 'accept-encoding': 'br', 'x-request-id': 'second' });
    expect(renders).toEqual(['/return-policy/']);
    expect(stored.headers['x-cache']).toBe('hit');
    expect(rendered.headers['x-cache']).toBeUndefined();
    expect(stored.status).toBe(rendered.status);
    expect(lasting(stored)).toEqual(lasting(rendered));
    expect(stored.headers).toMatchObject(SECURITY);
    expect(stored.headers['cache-control']).toBe(PUBLIC);
    expect(stored.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(stored.headers['content-encoding']).toBe('br');
    expect(Number(stored.headers['content-length'])).toBe(stored.body.length);
    expect(plain(stored)).toBe(plain(rendered));
    // Its own request id, not the first visitor's.
    expect(stored.headers['x-request-id']).not.toBe('first');
  });

  it('answers each encoding, and HEAD without a body', async () => {
    const rendered = await render('/fr/return-policy/');
    const gzip = await get('/fr/return-policy/', { 'accept-encoding': 'gzip' });
    const none = await get('/fr/return-policy/');
    const head = await get('/fr/return-policy/', {}, 'HEAD');
    expect(renders).toEqual(['/fr/return-policy/']);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain(gzip)).toBe(plain(rendered));
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(plain(rendered));
    expect(head.headers['x-cache']).toBe('hit');
    expect(head.body.length).toBe(0);
  });

  it('gives the stored page to cookies that do not change it, and renders for a session', async () => {
    await render('/return-policy/');
    expect((await get('/return-policy/', { cookie: 'BASKETN=B-1; LANG=en; _ga=1' })).headers['x-cache']).toBe('hit');
    const own = await get('/return-policy/', { cookie: 'ps_session=claims' });
    expect(own.headers['x-cache']).toBeUndefined();
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(plain(own)).toContain('signed in');
    expect(renders).toEqual(['/return-policy/', '/return-policy/']);
  });

  it('leaves the LANG redirect of an unprefixed page to the site', async () => {
    await render('/return-policy/');
    const french = await get('/return-policy/', { cookie: 'LANG=fr' });
    expect(french.status).toBe(302);
    expect(french.headers.location).toBe('/fr/return-policy/');
    expect(french.headers['x-cache']).toBeUndefined();
  });

  it('stores only the answer to a request without cookies', async () => {
    await get('/return-policy/', { cookie: 'BASKETN=B-1' });
    await get('/return-policy/', { cookie: 'BASKETN=B-1' });
    expect(renders).toHaveLength(2);
    expect(memory.size()).toBe(0);
  });

  it('never stores what sets a cookie, is private or varies on another header', async () => {
    for (const path of ['/sets-cookie/', '/private/', '/accept-language/']) {
      const first = await get(path);
      const second = await get(path);
      expect(second.headers['x-cache'], path).toBeUndefined();
      expect(first.headers['set-cookie'] ?? [], path).toEqual(second.headers['set-cookie'] ?? []);
    }
    expect(renders).toEqual([
      '/sets-cookie/',
      '/sets-cookie/',
      '/private/',
      '/private/',
      '/accept-language/',
      '/accept-language/',
    ]);
    expect(memory.size()).toBe(0);
  });

  it('keys the query and the host, and keeps a public 404', async () => {
    await render('/missing/?a=1');
    expect((await get('/missing/?a=1')).status).toBe(404);
    expect((await get('/missing/?a=1')).headers['x-cache']).toBe('hit');
    expect((await get('/missing/?a=2')).headers['x-cache']).toBeUndefined();
    expect((await get('/missing/?a=1', { host: 'other.example' })).headers['x-cache']).toBeUndefined();
  });

  it('renders again once the page outlives its s-maxage', async () => {
    await render('/return-policy/');
    clock += 299_000;
    expect((await get('/return-policy/')).headers['x-cache']).toBe('hit');
    clock += 2_000;
    expect((await get('/return-policy/')).headers['x-cache']).toBeUndefined();
    expect(renders).toEqual(['/return-policy/', '/return-policy/']);
  });

  it('holds its memory budget by forgetting the page used least recently', async () => {
    memory = createPageMemory({ now: () => clock, maxBytes: 16 * 1024 });
    handler = createServingHandler(fakeAstro, client, memory);
    for (let index = 0; index < 12; index += 1) {
      await get(`/page-${index}/`);
      await expect.poll(async () => (await get(`/page-${index}/`)).headers['x-cache']).toBe('hit');
    }
    expect(memory.bytes()).toBeLessThanOrEqual(16 * 1024);
    expect(memory.size()).toBeLessThan(12);
    expect((await get('/page-11/')).headers['x-cache']).toBe('hit');
    expect((await get('/page-0/')).headers['x-cache']).toBeUndefined();
  });

  it('answers the smallest brotli once a page is asked again', async () => {
    await Promise.all([get('/return-policy/'), get('/return-policy/'), get('/return-policy/')]);
    await expect.poll(() => memory.size()).toBe(1);
    const quick = await get('/return-policy/', { 'accept-encoding': 'br' });
    const stored = memory.bytes();
    await expect.poll(() => memory.bytes()).toBeLessThan(stored);
    const best = await get('/return-policy/', { 'accept-encoding': 'br' });
    expect(best.body.length).toBeLessThan(quick.body.length);
    expect(plain(best)).toBe(plain(quick));
    expect(renders).toEqual(['/return-policy/', '/return-policy/', '/return-policy/']);
  });

  it('counts the page view the site would have counted', async () => {
    await render('/es/return-policy/?m=1', { referer: 'https://mail.example/open?token=secret' });
    views.length = 0;
    await get('/es/return-policy/?m=1', { referer: 'https://mail.example/open?token=secret' });
    expect(views).toEqual([{ path: '/es/return-policy/', locale: 'es', referrer: 'https://mail.example/open' }]);
  });
});
