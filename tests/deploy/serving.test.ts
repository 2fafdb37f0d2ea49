import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTML_DEFAULT_CACHE,
  IMMUTABLE,
  STATIC_FILE_CACHE,
  cacheControlForFile,
  chooseEncoding,
  createServingHandler,
  indexFolders,
  isCompressible,
  originFormTarget,
  rendersWithoutFileLookup,
} from '../../deploy/serving.mjs';

describe('serving policy', () => {
  it('prefers brotli, then gzip, and honours refusals', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });

  it('keeps only the path and query of an absolute request target', () => {
    expect(originFormTarget('/return-policy/?a=1')).toBe('/return-policy/?a=1');
    expect(originFormTarget('http://evil.example/return-policy?a=1')).toBe('/return-policy?a=1');
    expect(originFormTarget('https://evil.example')).toBe('/');
    expect(originFormTarget('evil.example:443')).toBe('/');
    expect(originFormTarget('*')).toBe('/');
    expect(originFormTarget(undefined)).toBe('/');
  });

  it('renders page targets without the file lookup unless a built index.html could answer them', () => {
    const none = new Set<string>();
    expect(rendersWithoutFileLookup('/', none)).toBe(true);
    expect(rendersWithoutFileLookup('/es/?basketNum=1', none)).toBe(true);
    expect(rendersWithoutFileLookup('/api/a/basket/12/', none)).toBe(true);
    // The adapter redirects these to the slash, or answers a file or its 404.
    expect(rendersWithoutFileLookup('/return-policy', none)).toBe(false);
    expect(rendersWithoutFileLookup('/favicon.svg', none)).toBe(false);
    expect(rendersWithoutFileLookup('/a?next=/b/', none)).toBe(false);
    // The adapter answers 400 to a target it cannot decode.
    expect(rendersWithoutFileLookup('/%E0%A4%A/', none)).toBe(false);
    const built = new Set(['/fr/return-policy/']);
    expect(rendersWithoutFileLookup('/fr/return-policy/', built)).toBe(false);
    expect(rendersWithoutFileLookup('/fr/./return-policy/', built)).toBe(false);
    expect(rendersWithoutFileLookup('/fr/return%2Dpolicy/', built)).toBe(false);
    expect(rendersWithoutFileLookup('/es/return-policy/', built)).toBe(true);
  });

  it('compresses text formats only', () => {
    expect(isCompressible('text/html; charset=utf-8')).toBe(true);
    expect(isCompressible('application/json')).toBe(true);
    // Bulk add's streamed lookup: flushed line by line, so it still streams.
    expect(isCompressible('application/x-ndjson; charset=utf-8')).toBe(true);
    expect(isCompressible('image/svg+xml')).toBe(true);
    expect(isCompressible('application/problem+json')).toBe(true);
    expect(isCompressible('image/png')).toBe(false);
    expect(isCompressible(undefined)).toBe(false);
  });

  it('caches hashed assets for a year and other files for an hour', () => {
    expect(cacheControlForFile('/_astro/client.AbC123.js')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toContain('immutable');
    expect(cacheControlForFile('/favicon.svg')).toBe(STATIC_FILE_CACHE);
  });
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let origin = '';
let client = '';
const page = `<!doctype html><html><body>${'<p>Return policy: thirty days.</p>'.repeat(60)}</body></html>`;
const json = JSON.stringify({ items: Array.from({ length: 60 }, (_, id) => ({ id, name: `part ${id}` })) });
const script = `export const parts = ${JSON.stringify(Array.from({ length: 100 }, (_, i) => `part-${i}`))};`;

// Stands in for Astro's handlers, writing responses the way astro/app/node does.
function answer(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  if (url.startsWith('/stream/')) {
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
    res.write(page.slice(0, 1000));
    setTimeout(() => res.end(page.slice(1000)), 20);
  } else if (url.startsWith('/whole/')) {
    // A page rendered whole: its length first, then its bytes in more than one write.
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Length', Buffer.byteLength(page));
    res.write(page.slice(0, 500));
    res.write(page.slice(500));
    res.end();
  } else if (url.startsWith('/api/')) {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(json);
  } else if (url.startsWith('/redirect/')) {
    res.writeHead(302, { location: '/signin/' });
    res.end();
  } else if (url.startsWith('/tiny/')) {
    res.setHeader('Content-Type', 'text/plain');
    res.end('ok');
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'serving-'));
  mkdirSync(join(client, '_astro'));
  writeFileSync(join(client, '_astro', 'island.Ab12.js'), script);
  writeFileSync(join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(client, '.secret.txt'), 'hidden');
  mkdirSync(join(client, 'prerendered'));
  writeFileSync(join(client, 'prerendered', 'index.html'), '<p>built</p>');
  server = createServer(createServingHandler(Object.assign(fakeAstro, { appHandler: fakeRenderer }), client));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

function fakeAstro(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('X-Handler', 'standalone');
  answer(req, res);
}

// The renderer the standalone handler falls back to once its file lookup found nothing.
function fakeRenderer(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('X-Handler', 'renderer');
  answer(req, res);
}

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(client, { recursive: true, force: true });
});

describe('production serving', () => {
  it('streams server-rendered HTML compressed with brotli, cookies and default caching intact', async () => {
    const answer = await get('/stream/', { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe(HTML_DEFAULT_CACHE);
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(brotliDecompressSync(answer.body).toString()).toBe(page);
    expect(answer.body.length).toBeLessThan(page.length / 4);
  });

  it('compresses an answer of known length whole, in brotli or gzip, and sends it plain when not asked', async () => {
    const br = await get('/whole/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await get('/whole/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await get('/whole/');
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    expect(plain.body.toString()).toBe(page);
  });

  it('gzips JSON for a gzip-only client and keeps its own cache policy', async () => {
    const answer = await get('/api/basket', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(gunzipSync(answer.body).toString()).toBe(json);
  });

  it('sends plain bodies to clients without compression, and for tiny bodies and redirects', async () => {
    const plain = await get('/api/basket');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(json);
    const tiny = await get('/tiny/', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('ok');
    const redirect = await get('/redirect/', { 'accept-encoding': 'br' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/signin/');
    expect(redirect.headers['content-encoding']).toBeUndefined();
  });

  it('renders pages without the file lookup, and leaves other targets to the standalone handler', async () => {
    expect((await get('/stream/')).headers['x-handler']).toBe('renderer');
    expect((await get('/api/basket/')).headers['x-handler']).toBe('renderer');
    expect((await get('/api/basket')).headers['x-handler']).toBe('standalone');
    expect((await get('/prerendered/')).headers['x-handler']).toBe('standalone');
    expect((await get('/missing.txt')).headers['x-handler']).toBe('standalone');
  });

  it('lists the built folders that hold an index.html', () => {
    expect([...indexFolders(client)]).toEqual(['/prerendered/']);
    expect(indexFolders(join(client, 'no-such-folder')).size).toBe(0);
  });

  it('serves hashed assets precompressed and immutable, with revalidation by ETag', async () => {
    const answer = await get('/_astro/island.Ab12.js', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const again = await get('/_astro/island.Ab12.js', { 'if-none-match': String(answer.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gzip = await get('/_astro/island.Ab12.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(script);
  });

  it('serves other public files with short caching, and never dotfiles or paths outside the build', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe(STATIC_FILE_CACHE);
    expect(icon.body.toString()).toContain('<svg');
    expect((await get('/.secret.txt')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/hostname')).status).toBe(404);
    const head = await get('/_astro/island.Ab12.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});
