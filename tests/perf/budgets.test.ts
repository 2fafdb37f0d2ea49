import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGET_HEADROOM_BYTES,
  ISLAND_JS_BUDGETS,
  ISLAND_JS_CEILING_BYTES,
  OVER_CEILING_EXCEPTIONS,
  budgetVerdict,
  formatTable,
  gzipBytes,
  localFile,
  measurePage,
  pageAssets,
  scriptClosure,
} from '../../scripts/perf/bundle.mjs';

let client = '';
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(client, path)), { recursive: true });
  writeFileSync(join(client, path), content);
};

beforeAll(() => {
  client = mkdtempSync(join(tmpdir(), 'budgets-'));
  write('_astro/page.js', 'import{a}from"./shared.js";import"./side.js";const l=()=>import("./lazy.js");');
  write('_astro/shared.js', 'export const a=1;');
  write('_astro/side.js', 'console.log("side")');
  write(
    '_astro/lazy.js',
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/preloaded.js"])))=>i.map(i=>d[i]);',
  );
  write('_astro/preloaded.js', 'export default 2;');
  write('_astro/island.js', 'export default function Island(){return "x".repeat(10)}');
  write('_astro/client.js', 'import"./shared.js";export default 1;');
  write('_astro/unrelated.js', 'export const unused = 3;');
  write('_astro/style.css', 'body{color:red}');
});

afterAll(() => rmSync(client, { recursive: true, force: true }));

describe('page assets', () => {
  it('finds scripts, island modules, preloads and styles, ignoring data scripts', () => {
    const html = `<!doctype html><html><head>
      <script type="module" src="/_astro/page.js"></script>
      <script type="application/ld+json">{"@type":"Store"}</script>
      <link rel="modulepreload" href="/_astro/shared.js">
      <link rel="stylesheet" href="/_astro/style.css"><style>h1{margin:0}</style>
      <script>window.x=1</script></head><body>
      <astro-island uid="1" component-url="/_astro/island.js" renderer-url="/_astro/client.js" props="{&quot;a&quot;:1}"></astro-island>
      </body></html>`;
    expect(pageAssets(html)).toEqual({
      scriptUrls: ['/_astro/page.js', '/_astro/island.js', '/_astro/client.js', '/_astro/shared.js'],
      inlineScripts: ['window.x=1'],
      styleUrls: ['/_astro/style.css'],
      inlineStyles: ['h1{margin:0}'],
    });
  });

  it('reads no script on a page without one', () => {
    const assets = pageAssets('<html><body><details><summary>Menu</summary></details></body></html>');
    expect(assets.scriptUrls).toEqual([]);
    expect(assets.inlineScripts).toEqual([]);
  });
});

describe('script closure', () => {
  it('follows static, side-effect and dynamic imports and preload lists', () => {
    expect(scriptClosure(client, ['/_astro/page.js'])).toEqual([
      '/_astro/lazy.js',
      '/_astro/page.js',
      '/_astro/preloaded.js',
      '/_astro/shared.js',
      '/_astro/side.js',
    ]);
  });

  it('leaves out what is imported only on demand when asked for what loads first', () => {
    expect(scriptClosure(client, ['/_astro/page.js'], { staticOnly: true })).toEqual([
      '/_astro/page.js',
      '/_astro/shared.js',
      '/_astro/side.js',
    ]);
  });

  it('never leaves the client folder or counts remote scripts', () => {
    expect(localFile(client, '/../../etc/passwd')).toBeNull();
    expect(localFile(client, 'https://cdn.example/x.js')).toBeNull();
    expect(localFile(client, '//cdn.example/x.js')).toBeNull();
    expect(localFile(client, '/_astro/missing.js')).toBeNull();
    expect(localFile(client, '../shared.js', '/_astro/sub/x.js')?.urlPath).toBe('/_astro/shared.js');
  });
});

describe('page measurement and verdicts', () => {
  it('sums each file gzipped, inline scripts included, and what loads on demand apart', () => {
    const html = '<script type="module" src="/_astro/page.js"></script><script>var a=1</script><style>p{}</style>';
    const measured = measurePage(client, html);
    const gzipOf = (path: string) => gzipBytes(readFileSync(join(client, path)));
    const loaded = ['_astro/page.js', '_astro/shared.js', '_astro/side.js'];
    expect(measured.scripts).toEqual(loaded.map((path) => `/${path}`));
    expect(measured.jsBytes).toBe(
      loaded.reduce((sum, path) => sum + readFileSync(join(client, path)).length, 0) + 'var a=1'.length,
    );
    expect(measured.jsGzip).toBe(loaded.reduce((sum, path) => sum + gzipOf(path), 0) + gzipBytes('var a=1'));
    expect(measured.onDemand).toEqual(['/_astro/lazy.js', '/_astro/preloaded.js']);
    expect(measured.onDemandGzip).toBe(gzipOf('_astro/lazy.js') + gzipOf('_astro/preloaded.js'));
    expect(measured.cssGzip).toBe(gzipBytes('p{}'));
    expect(measured.htmlBytes).toBe(html.length);
  });

  it('passes a public page without JavaScript, and fails one with any or with a framework', () => {
    const page = { name: 'return policy', kind: 'public' } as const;
    expect(budgetVerdict(page, { jsBytes: 0, jsGzip: 0, missing: [] }).ok).toBe(true);
    expect(budgetVerdict(page, { jsBytes: 1, jsGzip: 21, missing: [] }).ok).toBe(false);
    expect(budgetVerdict(page, { jsBytes: 90, jsGzip: 90, missing: [], frameworks: ['React'] })).toEqual({
      ok: false,
      reason: 'a page without an island loads React',
    });
  });

  describe('an island page', () => {
    const KB = 1024;
    const page = { name: 'cart', kind: 'island' } as const;
    const shipping = (jsGzip: number) => ({ jsBytes: 3 * jsGzip, jsGzip, missing: [] });
    const tables = { budgets: { cart: 75 * KB }, exceptions: { 'review order': 90 * KB } };

    it('passes with its budget at least the headroom above what it ships', () => {
      expect(budgetVerdict(page, shipping(72 * KB), tables).ok).toBe(true);
    });

    it('fails once less than the headroom is left, and over its budget', () => {
      expect(budgetVerdict(page, shipping(72 * KB + 1), tables).ok).toBe(false);
      expect(budgetVerdict(page, shipping(76 * KB), tables).ok).toBe(false);
    });

    it('fails with a budget above the ceiling unless it is a named exception', () => {
      const over = { budgets: { cart: 81 * KB }, exceptions: {} };
      expect(budgetVerdict(page, shipping(60 * KB), over)).toEqual({
        ok: false,
        reason: 'budget 81.0 KB is above the 80.0 KB ceiling',
      });
      expect(budgetVerdict({ name: 'review order', kind: 'island' }, shipping(85 * KB), tables).ok).toBe(true);
    });

    it('fails without a budget of its own', () => {
      expect(budgetVerdict({ name: 'new page', kind: 'island' }, shipping(1), tables).ok).toBe(false);
    });
  });

  it('fails a page without an island that loads React, the stores or the island loader', () => {
    write('_astro/react.js', 'throw Error("Minified React error; visit https://react.dev/errors/1")');
    write('_astro/stores.js', 'let a=globalThis.nanostoresGlobal||={epoch:0};');
    write('_astro/forms.js', 'document.querySelector("form")');
    const page = { name: 'order history', kind: 'island' } as const;
    const script = (src: string, extra = '') => `${extra}<script type="module" src="/_astro/${src}"></script>`;
    expect(budgetVerdict(page, measurePage(client, script('forms.js')))).toMatchObject({ ok: true });
    expect(budgetVerdict(page, measurePage(client, script('react.js')))).toEqual({
      ok: false,
      reason: 'a page without an island loads React',
    });
    expect(budgetVerdict(page, measurePage(client, script('stores.js'))).reason).toBe(
      'a page without an island loads nanostores',
    );
    const island = '<astro-island component-url="/_astro/forms.js"></astro-island>';
    expect(budgetVerdict(page, measurePage(client, script('forms.js', island))).reason).toBe(
      'a page without an island loads Astro island loader',
    );
    // A page named for its island may load them.
    expect(budgetVerdict({ name: 'cart', kind: 'island' }, measurePage(client, script('react.js'))).ok).toBe(true);
  });

  it('holds every budget in the table to the ceiling and every exception above it', () => {
    expect(ISLAND_JS_CEILING_BYTES).toBe(81920);
    expect(BUDGET_HEADROOM_BYTES).toBe(3072);
    for (const budget of Object.values(ISLAND_JS_BUDGETS)) expect(budget).toBeLessThanOrEqual(ISLAND_JS_CEILING_BYTES);
    for (const budget of Object.values(OVER_CEILING_EXCEPTIONS))
      expect(budget).toBeGreaterThan(ISLAND_JS_CEILING_BYTES);
  });

  it('fails a page that references a script the build does not hold', () => {
    const measured = measurePage(client, '<script type="module" src="/_astro/gone.js"></script>');
    expect(budgetVerdict({ name: 'cart', kind: 'island' }, measured)).toEqual({
      ok: false,
      reason: 'script not in the build: /_astro/gone.js',
    });
  });

  it('prints an aligned table', () => {
    expect(formatTable(['route', 'JS'], [['404', '0.0 KB']]).split('\n')).toEqual([
      '| route | JS     |',
      '|-------|--------|',
      '| 404   | 0.0 KB |',
    ]);
  });
});

// The route-by-route check runs after the build (scripts/budgets.mjs); when a build is present
// this also holds every client entry module, with all it loads at once or on demand, to the ceiling
// of the heaviest page's budget.
const builtClient = join(process.cwd(), 'dist', 'client');
describe.runIf(existsSync(join(builtClient, '_astro')))('the production build', () => {
  it('keeps every client entry and what it loads within the heaviest page budget', () => {
    const heaviest = Math.max(...Object.values({ ...ISLAND_JS_BUDGETS, ...OVER_CEILING_EXCEPTIONS }));
    const urls = readdirSync(join(builtClient, '_astro'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/_astro/${name}`);
    const closures = new Map(urls.map((url) => [url, scriptClosure(builtClient, [url])]));
    const importedByOthers = new Set(
      [...closures].flatMap(([url, closure]) => closure.filter((other) => other !== url)),
    );
    const entries = urls.filter((url) => !importedByOthers.has(url));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const total = (closures.get(entry) ?? []).reduce(
        (sum, url) => sum + gzipBytes(readFileSync(join(builtClient, `.${url}`))),
        0,
      );
      expect(total, entry).toBeLessThanOrEqual(heaviest);
    }
  });
});
