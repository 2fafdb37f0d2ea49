// The request listener of a production instance around the adapter's handler. Compression, built
// files and the shared page cache are nginx's (deploy/nginx.conf); what is left here is what a
// proxy in front cannot do for the instance: keep a request target to its path and refuse a missing
// hashed asset without a cache life.
import { statSync } from 'node:fs';
import { posix, resolve, sep } from 'node:path';

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
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} astroHandler
 *   the adapter's standalone handler
 * @param {string} clientDir
 */
export function createSiteHandler(astroHandler, clientDir) {
  return (req, res) => {
    req.url = originFormTarget(req.url);
    if (refuseMissingAsset(req, res, clientDir)) return;
    astroHandler(req, res);
  };
}
