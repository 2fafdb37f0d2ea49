// What a server-rendered page makes the browser download: scripts (inline, <script src>, island
// component and renderer modules, modulepreloads) and everything they import, gzipped file by file.
// What a page loads as it opens is held to its budget; what it imports only when a shopper asks
// (a dynamic import()) is counted apart.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { posix, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1024;
/**
 * Public pages (unsubscribed, return policy, tracking, rate merchant, the 404 pages) ship no
 * script: their support button is the contact-form link.
 */
export const PUBLIC_JS_BUDGET_BYTES = 0;
/** No island page's budget may pass this: React DOM alone is 64 KB of it. */
export const ISLAND_JS_CEILING_BYTES = 80 * KB;
/** Each page's budget keeps at least this much room above what it ships, so its next feature fits. */
export const BUDGET_HEADROOM_BYTES = 3 * KB;

/** Gzipped JavaScript an island page may load as it opens, by route name (scripts/perf/routes.mjs). */
export const ISLAND_JS_BUDGETS = {
  // Server forms with their one small shared script, no React (docs/ARCHITECTURE.md): 2.6 KB.
  'sign in': 8 * KB,
  login: 8 * KB,
  'recover password': 8 * KB,
  'order info': 8 * KB,
  'order history': 8 * KB,
  // A server page drawn from the order, with the same script for its Print.
  'payment success': 8 * KB,
};

/** Pages drawn on the server with the forms' one small script: they load no framework at all. */
export const SERVER_FORM_PAGES = new Set([
  'sign in',
  'login',
  'recover password',
  'order info',
  'order history',
  'payment success',
]);

/**
 * What betrays a framework in a page's HTML or scripts: the island loader's element, React's
 * error pages (left in its production build), the stores' shared state.
 */
const FRAMEWORK_MARKS = [
  { name: 'Astro island loader', mark: 'astro-island' },
  { name: 'React', mark: 'react.dev/errors' },
  { name: 'nanostores', mark: 'nanostoresGlobal' },
];

/**
 * Pages that could not yet come down far enough for a budget within the ceiling: each has what it
 * ships plus the headroom, until it is made lighter and moves into ISLAND_JS_BUDGETS.
 */
export const OVER_CEILING_EXCEPTIONS = {
  cart: 95 * KB,
  'cart (es)': 95 * KB,
  'bulk add': 97 * KB,
  'customer form': 95 * KB,
  'review order': 98 * KB,
  'account settings': 88 * KB,
};

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** @param {string} tag the text between `<name` and `>` */
export function readAttributes(tag) {
  /** @type {Record<string, string>} */
  const attributes = {};
  for (const match of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * The assets a page references.
 * @param {string} html
 */
export function pageAssets(html) {
  /** @type {string[]} */ const scriptUrls = [];
  /** @type {string[]} */ const inlineScripts = [];
  /** @type {string[]} */ const styleUrls = [];
  /** @type {string[]} */ const inlineStyles = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = readAttributes(match[1] ?? '');
    if (!JS_TYPES.has((attributes.type ?? '').toLowerCase())) continue;
    if (attributes.src) scriptUrls.push(attributes.src);
    else if ((match[2] ?? '').trim()) inlineScripts.push(match[2] ?? '');
  }
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attributes = readAttributes(match[1] ?? '');
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      if (attributes[name]) scriptUrls.push(attributes[name]);
    }
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = readAttributes(match[1] ?? '');
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    if (!attributes.href) continue;
    if (rel.includes('modulepreload')) scriptUrls.push(attributes.href);
    else if (rel.includes('stylesheet')) styleUrls.push(attributes.href);
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) inlineStyles.push(match[1] ?? '');
  return { scriptUrls: [...new Set(scriptUrls)], inlineScripts, styleUrls: [...new Set(styleUrls)], inlineStyles };
}

/**
 * The file under clientDir a URL names, or null when it is not a local built file.
 * @param {string} clientDir
 * @param {string} url
 * @param {string} [fromUrlPath] URL path of the referencing file, for relative specifiers
 */
export function localFile(clientDir, url, fromUrlPath = '/') {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  const pathOnly = url.split(/[?#]/)[0] ?? '';
  let urlPath;
  if (pathOnly.startsWith('/')) urlPath = posix.normalize(pathOnly);
  else if (pathOnly.startsWith('./') || pathOnly.startsWith('../'))
    urlPath = posix.normalize(posix.join(posix.dirname(fromUrlPath), pathOnly));
  // Vite's preload map lists dependencies relative to the site root ("_astro/x.js").
  else urlPath = posix.normalize(`/${pathOnly}`);
  const root = resolve(clientDir);
  const file = resolve(root, `.${urlPath}`);
  if (!file.startsWith(root + sep)) return null;
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  return { file, urlPath };
}

/** A built file's static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
const STATIC_IMPORT = /\b(?:from|import)\s*["'`]([^"'`\s]+\.m?js)["'`]/g;
/** Any string naming a built file: dynamic imports and Vite's preload lists too. */
const ANY_REFERENCE = /["'`]([^"'`\s]+\.m?js)["'`]/g;

/**
 * Every JavaScript file reachable from the entry URLs. By default static and dynamic imports and
 * Vite's preload lists, found as string literals naming a built .js file (an over-count is safer
 * than a miss for a budget); with `staticOnly`, what loads before the entries run.
 * @param {string} clientDir
 * @param {readonly string[]} entryUrls
 * @param {{ staticOnly?: boolean }} [options]
 * @returns {string[]} URL paths, sorted
 */
export function scriptClosure(clientDir, entryUrls, { staticOnly = false } = {}) {
  const pattern = staticOnly ? STATIC_IMPORT : ANY_REFERENCE;
  /** @type {Map<string, string>} */
  const seen = new Map();
  /** @type {{ file: string, urlPath: string }[]} */
  const queue = [];
  for (const url of entryUrls) {
    const found = localFile(clientDir, url);
    if (found && !seen.has(found.urlPath)) {
      seen.set(found.urlPath, found.file);
      queue.push(found);
    }
  }
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current) break;
    const code = readFileSync(current.file, 'utf8');
    for (const match of code.matchAll(pattern)) {
      const found = localFile(clientDir, match[1] ?? '', current.urlPath);
      if (found && !seen.has(found.urlPath)) {
        seen.set(found.urlPath, found.file);
        queue.push(found);
      }
    }
  }
  return [...seen.keys()].sort();
}

/** @param {string | Buffer} content */
export function gzipBytes(content) {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * Bytes a page costs: the JavaScript it loads as it opens (raw and gzipped, each file compressed on
 * its own as a browser receives it), what it imports later on demand, its CSS and HTML.
 * @param {string} clientDir
 * @param {string} html
 */
export function measurePage(clientDir, html) {
  const assets = pageAssets(html);
  const scripts = scriptClosure(clientDir, assets.scriptUrls, { staticOnly: true });
  const onDemand = scriptClosure(clientDir, assets.scriptUrls).filter((url) => !scripts.includes(url));
  const missing = assets.scriptUrls.filter((url) => !localFile(clientDir, url));
  let jsBytes = 0;
  let jsGzip = 0;
  for (const urlPath of scripts) {
    const content = readFileSync(resolve(clientDir, `.${urlPath}`));
    jsBytes += content.length;
    jsGzip += gzipBytes(content);
  }
  for (const inline of assets.inlineScripts) {
    jsBytes += Buffer.byteLength(inline);
    jsGzip += gzipBytes(inline);
  }
  const onDemandGzip = onDemand.reduce(
    (sum, urlPath) => sum + gzipBytes(readFileSync(resolve(clientDir, `.${urlPath}`))),
    0,
  );
  let cssGzip = 0;
  for (const url of assets.styleUrls) {
    const found = localFile(clientDir, url);
    if (found) cssGzip += gzipBytes(readFileSync(found.file));
  }
  const texts = [html, ...scripts.map((urlPath) => readFileSync(resolve(clientDir, `.${urlPath}`), 'utf8'))];
  const frameworks = FRAMEWORK_MARKS.filter(({ mark }) => texts.some((text) => text.includes(mark))).map(
    ({ name }) => name,
  );
  const inlineCss = assets.inlineStyles.join('');
  if (inlineCss) cssGzip += gzipBytes(inlineCss);
  return {
    scripts,
    onDemand,
    missing,
    frameworks,
    inlineScripts: assets.inlineScripts.length,
    jsBytes,
    jsGzip,
    onDemandGzip,
    cssGzip,
    inlineCssBytes: Buffer.byteLength(inlineCss),
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipBytes(html),
  };
}

/**
 * An island page's budget: its entry in the table, or in the exceptions above the ceiling.
 * @param {string} route
 * @param {{ budgets?: Readonly<Record<string, number>>, exceptions?: Readonly<Record<string, number>> }} [tables]
 */
export function islandBudget(route, { budgets = ISLAND_JS_BUDGETS, exceptions = OVER_CEILING_EXCEPTIONS } = {}) {
  return exceptions[route] ?? budgets[route];
}

/**
 * Whether a page keeps its budget. Public pages ship the support launcher at most. An island page needs a budget
 * of its own, within the ceiling unless it is a named exception, no less than what it loads as it
 * opens and with the headroom still free above it. A server form page loads no framework at all.
 * @param {{ name: string, kind: 'public' | 'island' }} route
 * @param {{ jsBytes: number, jsGzip: number, missing: readonly string[], frameworks?: readonly string[] }} measured
 * @param {{ budgets?: Readonly<Record<string, number>>, exceptions?: Readonly<Record<string, number>> }} [tables]
 */
export function budgetVerdict(route, measured, tables = {}) {
  if (measured.missing.length > 0)
    return { ok: false, reason: `script not in the build: ${measured.missing.join(', ')}` };
  const withoutIsland = route.kind === 'public' || SERVER_FORM_PAGES.has(route.name);
  if (withoutIsland && (measured.frameworks ?? []).length > 0)
    return { ok: false, reason: `a page without an island loads ${(measured.frameworks ?? []).join(', ')}` };
  if (route.kind === 'public') {
    return measured.jsBytes <= PUBLIC_JS_BUDGET_BYTES
      ? { ok: true, reason: 'no JavaScript' }
      : { ok: false, reason: `public page ships ${formatKb(measured.jsGzip)} of JavaScript` };
  }
  const exceptions = tables.exceptions ?? OVER_CEILING_EXCEPTIONS;
  const budget = islandBudget(route.name, tables);
  if (budget === undefined) return { ok: false, reason: 'no budget for this page' };
  const exception = route.name in exceptions;
  if (!exception && budget > ISLAND_JS_CEILING_BYTES)
    return {
      ok: false,
      reason: `budget ${formatKb(budget)} is above the ${formatKb(ISLAND_JS_CEILING_BYTES)} ceiling`,
    };
  if (measured.jsGzip > budget)
    return { ok: false, reason: `${formatKb(measured.jsGzip)} gzipped JavaScript exceeds its ${formatKb(budget)}` };
  if (budget - measured.jsGzip < BUDGET_HEADROOM_BYTES)
    return {
      ok: false,
      reason: `${formatKb(measured.jsGzip)} leaves less than ${formatKb(BUDGET_HEADROOM_BYTES)} of its ${formatKb(budget)}`,
    };
  return {
    ok: true,
    reason: `${formatKb(budget - measured.jsGzip)} free of ${formatKb(budget)}${exception ? ', over the ceiling' : ''}`,
  };
}

/**
 * Ceilings of a page's HTML as served (raw bytes), by route name: the inlined CSS, the island
 * props and the markup together, each a few KB above what the page measured. A route without a
 * ceiling of its own (the public pages) has the default.
 */
export const HTML_BUDGET_BYTES = {
  // Public pages: the page alone, its styles a cached stylesheet shared by every page.
  default: 20 * KB,
  'sign in': 20 * KB,
  login: 18 * KB,
  'recover password': 18 * KB,
  'account settings': 33 * KB,
  'payment success': 21 * KB,
  'bulk add': 42 * KB,
  // Addresses, shipping options and the summary, drawn and in the island's props.
  'review order': 53 * KB,
  cart: 46 * KB,
  'cart (es)': 47 * KB,
  // Two country selects of some 250 options each (13 KB apiece), for the form without JavaScript.
  'customer form': 70 * KB,
  // Every order of the range drawn with its lines, breakdown and cancel form (60 KB for the demo customer).
  'order history': 72 * KB,
};

/**
 * @param {string} routeName
 * @param {{ htmlBytes: number }} measured
 */
export function htmlBudgetVerdict(routeName, measured) {
  const ceiling = HTML_BUDGET_BYTES[routeName] ?? HTML_BUDGET_BYTES.default;
  return measured.htmlBytes <= ceiling
    ? { ok: true, reason: `within ${formatKb(ceiling)}` }
    : { ok: false, reason: `${formatKb(measured.htmlBytes)} of HTML exceeds ${formatKb(ceiling)}` };
}

/** @param {number} bytes */
export function formatKb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/**
 * A plain-text (and Markdown) table.
 * @param {readonly string[]} header
 * @param {readonly (readonly string[])[]} rows
 */
export function formatTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells) => `| ${cells.map((cell, column) => (cell ?? '').padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
