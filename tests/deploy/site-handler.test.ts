import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteHandler, originFormTarget } from '../../deploy/site-handler.mjs';

describe('request targets', () => {
  it('keeps only the path and query of an absolute request target', () => {
    expect(originFormTarget('/return-policy/?a=1')).toBe('/return-policy/?a=1');
    expect(originFormTarget('http://evil.example/return-policy?a=1')).toBe('/return-policy?a=1');
    expect(originFormTarget('https://evil.example')).toBe('/');
    expect(originFormTarget('evil.example:443')).toBe('/');
    expect(originFormTarget('*')).toBe('/');
    expect(originFormTarget(undefined)).toBe('/');
  });
});

let client = '';
let server: Server;
let origin = '';

const answerWith = (name: string) => (req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'X-Handler': name, 'Cache-Control': 'public, max-age=31536000, immutable' });
  res.end(req.url);
};

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'site-handler-'));
  mkdirSync(join(client, '_astro'));
  writeFileSync(join(client, '_astro', 'island.Ab12.js'), 'export {};');
  server = createServer(createSiteHandler(answerWith('standalone'), client));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(client, { recursive: true, force: true });
});

describe('the production entry around the adapter', () => {
  it('hands pages and the built files it holds to the adapter', async () => {
    const handlerOf = async (path: string) => (await fetch(`${origin}${path}`)).headers.get('x-handler');
    expect(await handlerOf('/return-policy/')).toBe('standalone');
    expect(await handlerOf('/_astro/island.Ab12.js')).toBe('standalone');
  });

  it('answers a hashed asset the build lacks with a 404 that no cache keeps', async () => {
    for (const path of [
      '/_astro/island.Zz99.js',
      '/_astro/island.Zz99.js?v=1',
      '/_astro/../_astro/x.css',
      '/_astro/',
    ]) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.get('x-handler'), path).toBeNull();
    }
  });
});
