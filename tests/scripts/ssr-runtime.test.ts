import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  CSP_DIGEST_CACHE_SIZE,
  PAGE_PIECE_LENGTH,
  PATCHES,
  changeSource,
  planPatches,
  ssrRuntime,
  unpatchedIds,
} from '../../scripts/build/ssr-runtime.mjs';
import CartIsland, { type CartIslandProps } from '~/features/cart/CartIsland';
import Field from '~/components/ui/Field';
import { messagesFor } from '~/lib/i18n/messages';
import { stores } from '~/stores';
import type { Basket } from '~/lib/store-api/basket';
import twoLines from '../features/cart/fixtures/two-lines.json';

const ROOT = join(import.meta.dirname, '..', '..');
const installed = (path: string) => join(ROOT, 'node_modules', path);

const installedSource = (file: string) => readFileSync(installed(file), 'utf8');

/** The plugin's transform, called as the bundler calls it. */
function transformOf(plugin: ReturnType<typeof ssrRuntime>) {
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  return (file: string) => transform(installedSource(file), installed(file))?.code ?? null;
}

describe('patches of the installed server runtime', () => {
  it('finds the source of every patch exactly once in the installed packages', () => {
    const { applied, moved } = planPatches(installedSource);
    expect(moved).toEqual([]);
    expect(applied.map((patch) => patch.id)).toEqual(PATCHES.map((patch) => patch.id));
    for (const edit of PATCHES.flatMap((patch) => patch.edits)) {
      expect(changeSource(installed(edit.file), installedSource(edit.file), applied)).toContain(edit.replace);
    }
  });

  it('leaves other modules alone', () => {
    expect(changeSource('/x/node_modules/astro/dist/core/render.js', 'const a = 1;', PATCHES)).toBe('const a = 1;');
  });

  it('skips a patch whose source has moved, whole, with one warning naming it, and builds the rest', () => {
    const warnings: string[] = [];
    const movedSerializer = (file: string) =>
      file === 'astro/dist/runtime/server/serialize.js'
        ? installedSource(file).replace('function serializeProps(props, metadata) {', 'function serializeProps(p, m) {')
        : installedSource(file);
    const transform = transformOf(
      ssrRuntime({ sourceOf: movedSerializer, env: {}, warn: (line) => warnings.push(line) }),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/patch "text-records" \(frozen records of text serialized once\) skipped/);
    expect(warnings[0]).toContain('astro/dist/runtime/server/serialize.js');
    // Neither of its two edits is made, so the one whose own source is still there cannot call a
    // helper the other would have added.
    expect(
      transformOf(ssrRuntime({ sourceOf: movedSerializer, env: {}, warn: () => {} }))(
        'astro/dist/runtime/server/serialize.js',
      ),
    ).toBeNull();
    expect(transform('astro/dist/core/encryption.js')).toContain('const cspDigests = new Map();');
  });

  it('turns patches off by BUILD_UNPATCHED, all or by id, and refuses an unknown id', () => {
    const warn = () => {
      throw new Error('no warning expected');
    };
    const none = transformOf(ssrRuntime({ env: { BUILD_UNPATCHED: 'all' }, warn }));
    for (const edit of PATCHES.flatMap((patch) => patch.edits)) expect(none(edit.file)).toBeNull();

    const withoutProps = transformOf(ssrRuntime({ env: { BUILD_UNPATCHED: 'props-once, page-handler' }, warn }));
    expect(withoutProps('astro/dist/runtime/server/render/component.js')).toBeNull();
    expect(withoutProps('@astrojs/node/dist/standalone.js')).toBeNull();
    expect(withoutProps('@astrojs/react/dist/server.js')).toContain(
      'renderToString(vnode, { identifierPrefix: prefix })',
    );

    expect(unpatchedIds(undefined)).toEqual(new Set());
    expect(() => unpatchedIds('csp-digest')).toThrow(/names no patch csp-digest/);
  });

  it('hashes each CSP input once, with the digest Astro computes, up to the cache size', async () => {
    const path = installed('astro/dist/core/encryption.js');
    const source = readFileSync(path, 'utf8');
    const start = source.indexOf('async function generateCspDigest');
    const original = source.slice(start, source.indexOf('\nasync function', start + 1));
    let digests = 0;
    const subtle = {
      digest: async (algorithm: string, data: Uint8Array<ArrayBuffer>) => {
        digests += 1;
        return crypto.subtle.digest(algorithm, data);
      },
    };
    const build = (code: string) =>
      runInNewContext(`${code}\ngenerateCspDigest`, {
        crypto: { subtle },
        encoder: new TextEncoder(),
        encodeBase64: (bytes: Uint8Array) => Buffer.from(bytes).toString('base64'),
        ALGORITHMS: { 'SHA-256': 'sha256-' },
      }) as (data: string, algorithm: string) => Promise<string>;
    const before = build(original);
    const after = build(changeSource(path, original, PATCHES));

    const style = 'main{display:grid}'.repeat(1000);
    const expected = await before(style, 'SHA-256');
    digests = 0;
    expect(await after(style, 'SHA-256')).toBe(expected);
    expect(await after(style, 'SHA-256')).toBe(expected);
    expect(digests).toBe(1);

    for (let index = 0; index < CSP_DIGEST_CACHE_SIZE + 10; index += 1) await after(`s${index}`, 'SHA-256');
    digests = 0;
    await after(`s${CSP_DIGEST_CACHE_SIZE + 5}`, 'SHA-256');
    await after(`s${CSP_DIGEST_CACHE_SIZE + 5}`, 'SHA-256');
    expect(digests).toBe(2);
  });

  it('encodes a long page in pieces to the bytes of the whole string, and leaves a short one a string', async () => {
    const path = installed('astro/dist/runtime/server/render/astro/render.js');
    const source = readFileSync(path, 'utf8');
    const start = source.indexOf('async function renderStreamToString');
    const original = source.slice(start, source.indexOf('\nasync function', start + 1));
    type Render = (result: object, chunks: string[], isPage: boolean) => Promise<string | Uint8Array>;
    const build = (code: string) =>
      runInNewContext(`${code}\nrenderStreamToString`, {
        DOCTYPE_EXP: /<!doctype html/i,
        bufferHeadContent: () => Promise.resolve(),
        chunkToString: (_result: object, chunk: unknown) => String(chunk),
        encoder: new TextEncoder(),
        renderStreaming: (chunks: string[], _result: object, destination: { write: (chunk: string) => void }) => {
          for (const chunk of chunks) destination.write(chunk);
          return Promise.resolve();
        },
        Response,
        Uint8Array,
      }) as Render;
    const before = build(original);
    const after = build(changeSource(path, original, PATCHES));
    const result = { partial: false, compressHTML: true };
    const chunks = ['<html><head><style>', 'a:before{content:"✓ "}'.repeat(2000), '</style></head><body>'];
    for (let index = 0; index < 500; index += 1) chunks.push(`<p>Line ${index} – “${'x'.repeat(index % 50)}”</p>`);
    chunks.push('</body></html>');

    const whole = await before(result, chunks, true);
    expect(whole.length).toBeGreaterThan(3 * PAGE_PIECE_LENGTH);
    const pieces = await after(result, chunks, true);
    expect(pieces).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(pieces as Uint8Array).equals(Buffer.from(whole as string, 'utf8'))).toBe(true);
    expect(await after(result, ['<p>short</p>'], true)).toBe(await before(result, ['<p>short</p>'], true));
  });
});

async function streamed(element: ReturnType<typeof createElement>, identifierPrefix: string): Promise<string> {
  const stream = await renderToReadableStream(element, { identifierPrefix });
  return new Response(stream).text();
}

describe('islands rendered to a string', () => {
  it('give the HTML of the stream renderer, ids prefixed the same', async () => {
    const store = stores.marine;
    const props: CartIslandProps = {
      locale: 'en',
      messages: messagesFor(CartIsland, 'en'),
      basketNum: 'B1',
      shareOrigin: 'https://shop.example/',
      basket: twoLines as unknown as Basket,
      load: 'ok',
      ordered: false,
      viewer: { isAuthorized: false, isGuest: false, isAlmostGuest: false },
      store: {
        id: store.id,
        showsInventoryWarning: store.showsInventoryWarning,
        bannedManufacturers: store.bannedManufacturers,
        manufacturers: store.manufacturers,
        freeShippingFrom: store.freeShippingFrom,
        shippingFrom: store.shippingFrom,
        storefrontUrl: store.storefrontUrl,
        newShopUrl: store.newShopUrl,
      },
      blockPurchases: false,
      edit: false,
      previousPage: null,
      rejected: [],
    };
    const cart = createElement(CartIsland, props);
    const cartHtml = renderToString(cart, { identifierPrefix: 'r2' });
    expect(cartHtml).toContain('Impeller');
    expect(cartHtml).toBe(await streamed(cart, 'r2'));

    const field = createElement(Field, { label: 'Zip', name: 'zip', hint: 'Five digits', error: 'Too short' });
    const fieldHtml = renderToString(field, { identifierPrefix: 'r7' });
    expect(fieldHtml).toMatch(/id="[^"]*r7/);
    expect(fieldHtml).toBe(await streamed(field, 'r7'));
  });
});
