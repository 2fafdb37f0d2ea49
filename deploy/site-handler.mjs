// The request listener of a production instance around the adapter's handler. Compression, built
// files and the shared page cache are nginx's (deploy/nginx.conf); what is left here is what a
// proxy in front cannot do for the instance: keep a request target to its path, refuse a missing
// hashed asset without a cache life, and render a page without the adapter's file lookup.
import { readdirSync, statSync } from 'node:fs';
import { posix, relative, resolve, sep } from 'node:path';

/** Folder of content-hashed build output: a name there never changes its bytes. */
const ASSETS_PREFIX = '/_astro/';

/**
 * The request target as a path. HTTP lets a client send an absolute URL as the target
 * (`GET http://other.example/x`); the adapter would then build its trailing-slash redirect on
 * that other host, an answer a shared cache could hand to every visitor. The Host header still
 * names this site, so only the path and query of such a target are kept.
 * @param {string | undefined} target
 */
export function originFormTarget(target) {
  if (!target || target.startsWith('/')) return target || '/';
  try {
    const url = new URL(target);
    return url.pathname.startsWith('/') ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}

/**
 * The folders of a build's client files that hold an index.html, as URL paths ('/fr/'): the
 * adapter's file lookup answers those itself.
 * @param {string} clientDir
 * @returns {Set<string>}
 */
export function indexFolders(clientDir) {
  const root = resolve(clientDir);
  /** @type {Set<string>} */
  const folders = new Set();
  let entries = [];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return folders;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const folder = relative(root, entry.parentPath).split(sep).filter(Boolean).join('/');
    folders.add(folder ? `/${folder}/` : '/');
  }
  return folders;
}

/**
 * Whether a request target can only be answered by rendering: the adapter's own file lookup
 * (lstat, `send`) ends in the renderer for a path that ends in a slash and names no folder with an
 * index.html; a target it would refuse (undecodable) or redirect (no trailing slash) is left to it.
 * @param {string} target origin-form request target
 * @param {ReadonlySet<string>} folders from indexFolders
 */
export function rendersWithoutFileLookup(target, folders) {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (!path.endsWith('/')) return false;
  try {
    decodeURI(target);
    return !folders.has(posix.normalize(decodeURIComponent(path)));
  } catch {
    return false;
  }
}

/**
 * Answers a hashed asset the build does not hold (a page of an older or newer build asking during
 * a deploy) with a bare 404 that nobody keeps, so the file is found once every instance has it.
 * The adapter answers the files it holds, immutable for a year.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} clientDir
 * @returns {boolean} whether the request was answered
 */
function refuseMissingAsset(req, res, clientDir) {
  const url = req.url ?? '/';
  if (!url.startsWith(ASSETS_PREFIX)) return false;
  const end = url.search(/[?#]/);
  let path;
  try {
    path = decodeURIComponent(end === -1 ? url : url.slice(0, end));
  } catch {
    path = '';
  }
  const root = resolve(clientDir, `.${ASSETS_PREFIX}`);
  const file = resolve(clientDir, `.${posix.normalize(path)}`);
  if (path && file.startsWith(root + sep) && existsFile(file)) return false;
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : 'Not found\n');
  return true;
}

/** @param {string} file */
function existsFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * @param {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) & { appHandler?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void }} astroHandler
 *   the adapter's standalone handler; its `appHandler` (scripts/build/ssr-runtime.mjs) renders without the file lookup
 * @param {string} clientDir
 */
export function createSiteHandler(astroHandler, clientDir) {
  const folders = indexFolders(clientDir);
  const render = astroHandler.appHandler;
  return (req, res) => {
    req.url = originFormTarget(req.url);
    if (refuseMissingAsset(req, res, clientDir)) return;
    if (render && rendersWithoutFileLookup(req.url, folders)) render(req, res);
    else astroHandler(req, res);
  };
}
