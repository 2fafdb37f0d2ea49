import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PATCHES, changeSource, planPatches, ssrRuntime, unpatchedIds } from '../../scripts/build/ssr-runtime.mjs';
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

  it('fails the build naming a patch whose source has moved, unless BUILD_UNPATCHED turns it off', () => {
    const movedSerializer = (file: string) =>
      file === 'astro/dist/runtime/server/serialize.js'
        ? installedSource(file).replace('function serializeProps(props, metadata) {', 'function serializeProps(p, m) {')
        : installedSource(file);
    expect(() => ssrRuntime({ sourceOf: movedSerializer, env: {} })).toThrow(
      /patch "text-records" \(frozen records of text serialized once\) no longer applies: astro\/dist\/runtime\/server\/serialize\.js/,
    );
    // Turned off, neither of its two edits is made, so the one whose own source is still there
    // cannot call a helper the other would have added; the other patches still apply.
    const transform = transformOf(ssrRuntime({ sourceOf: movedSerializer, env: { BUILD_UNPATCHED: 'text-records' } }));
    expect(transform('astro/dist/runtime/server/serialize.js')).toBeNull();
    expect(transform('astro/dist/runtime/server/render/component.js')).not.toBeNull();
  });

  it('turns patches off by BUILD_UNPATCHED, all or by id, and refuses an unknown id', () => {
    const none = transformOf(ssrRuntime({ env: { BUILD_UNPATCHED: 'all' } }));
    for (const edit of PATCHES.flatMap((patch) => patch.edits)) expect(none(edit.file)).toBeNull();

    const withoutProps = transformOf(ssrRuntime({ env: { BUILD_UNPATCHED: 'props-once, text-records' } }));
    expect(withoutProps('astro/dist/runtime/server/render/component.js')).toBeNull();
    expect(withoutProps('astro/dist/runtime/server/serialize.js')).toBeNull();
    expect(withoutProps('@astrojs/react/dist/server.js')).toContain(
      'renderToString(vnode, { identifierPrefix: prefix })',
    );

    expect(unpatchedIds(undefined)).toEqual(new Set());
    expect(() => unpatchedIds('csp-digests')).toThrow(/names no patch csp-digests/);
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
