import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSiteHandler,
  indexFolders,
  originFormTarget,
  rendersWithoutFileLookup,
} from '../../deploy/site-handler.mjs';

describe('request targets', () => {
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
  mkdirSync(join(client, 'prerendered'));
  writeFileSync(join(client, 'prerendered', 'index.html'), '<p>built</p>');
  const handler = Object.assign(answerWith('standalone'), { appHandler: answerWith('renderer') });
  server = createServer(createSiteHandler(handler, client));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(client, { recursive: true, force: true });
});

describe('the production entry around the adapter', () => {
  it('renders pages without the file lookup, and leaves other targets to the standalone handler', async () => {
    const handlerOf = async (path: string) => (await fetch(`${origin}${path}`)).headers.get('x-handler');
    expect(await handlerOf('/return-policy/')).toBe('renderer');
    expect(await handlerOf('/api/basket/')).toBe('renderer');
    expect(await handlerOf('/api/basket')).toBe('standalone');
    expect(await handlerOf('/prerendered/')).toBe('standalone');
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

  it('lists the built folders that hold an index.html', () => {
    expect([...indexFolders(client)]).toEqual(['/prerendered/']);
    expect(indexFolders(join(client, 'no-such-folder')).size).toBe(0);
  });
});
