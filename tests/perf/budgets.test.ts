import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ISLAND_JS_BUDGET_BYTES,
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

  it('never leaves the client folder or counts remote scripts', () => {
    expect(localFile(client, '/../../etc/passwd')).toBeNull();
    expect(localFile(client, 'https://cdn.example/x.js')).toBeNull();
    expect(localFile(client, '//cdn.example/x.js')).toBeNull();
    expect(localFile(client, '/_astro/missing.js')).toBeNull();
    expect(localFile(client, '../shared.js', '/_astro/sub/x.js')?.urlPath).toBe('/_astro/shared.js');
  });
});

describe('page measurement and verdicts', () => {
  it('sums each file gzipped, inline scripts included', () => {
    const html = '<script type="module" src="/_astro/island.js"></script><script>var a=1</script><style>p{}</style>';
    const measured = measurePage(client, html);
    const island = readFileSync(join(client, '_astro/island.js'));
    expect(measured.scripts).toEqual(['/_astro/island.js']);
    expect(measured.jsBytes).toBe(island.length + 'var a=1'.length);
    expect(measured.jsGzip).toBe(gzipBytes(island) + gzipBytes('var a=1'));
    expect(measured.cssGzip).toBe(gzipBytes('p{}'));
    expect(measured.htmlBytes).toBe(html.length);
  });

  it('fails a public page with any JavaScript and passes one without', () => {
    expect(budgetVerdict('public', { jsBytes: 0, jsGzip: 0, missing: [] }).ok).toBe(true);
    expect(budgetVerdict('public', { jsBytes: 1, jsGzip: 21, missing: [] }).ok).toBe(false);
  });

  it('fails an island page above 95 KB gzipped', () => {
    expect(ISLAND_JS_BUDGET_BYTES).toBe(97280);
    expect(budgetVerdict('island', { jsBytes: 300000, jsGzip: 97280, missing: [] }).ok).toBe(true);
    expect(budgetVerdict('island', { jsBytes: 300000, jsGzip: 97281, missing: [] }).ok).toBe(false);
  });

  it('fails a page that references a script the build does not hold', () => {
    const measured = measurePage(client, '<script type="module" src="/_astro/gone.js"></script>');
    expect(budgetVerdict('island', measured)).toEqual({
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
// this also holds every client entry module, with all it loads, to the island budget.
const builtClient = join(process.cwd(), 'dist', 'client');
describe.runIf(existsSync(join(builtClient, '_astro')))('the production build', () => {
  it('keeps every client entry and what it loads within the island budget', () => {
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
      expect(total, entry).toBeLessThanOrEqual(ISLAND_JS_BUDGET_BYTES);
    }
  });
});
