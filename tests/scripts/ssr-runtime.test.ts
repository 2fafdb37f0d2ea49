import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CSP_DIGEST_CACHE_SIZE, SOURCE_CHANGES, changeSource } from '../../scripts/build/ssr-runtime.mjs';
import CartIsland, { type CartIslandProps } from '~/features/cart/CartIsland';
import Field from '~/components/ui/Field';
import { messagesFor } from '~/lib/i18n/messages';
import { stores } from '~/stores';
import type { Basket } from '~/lib/store-api/basket';
import twoLines from '../features/cart/fixtures/two-lines.json';

const ROOT = join(import.meta.dirname, '..', '..');
const installed = (path: string) => join(ROOT, 'node_modules', path);

describe('changes to the installed server runtime', () => {
  it('finds the source of every change exactly once in the installed packages', () => {
    for (const change of SOURCE_CHANGES) {
      const file = installed(change.file);
      const source = readFileSync(file, 'utf8');
      const changed = changeSource(file, source);
      expect(changed, change.name).not.toBe(source);
      expect(changed).toContain(change.replace);
    }
  });

  it('leaves other modules alone and stops the build when a source has changed', () => {
    expect(changeSource('/x/node_modules/astro/dist/core/render.js', 'const a = 1;')).toBe('const a = 1;');
    expect(() =>
      changeSource('/x/node_modules/astro/dist/core/encryption.js', 'async function generateCspDigest(input) {}'),
    ).toThrow(/CSP digests computed once per input/);
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
    const after = build(changeSource(path, original));

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
