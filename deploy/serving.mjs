// HTTP serving policy of the production entry (deploy/server.mjs): compression for whatever the
// Astro handler answers, built files straight from memory, precompressed, with caching that
// matches their names (hashed under /_astro/ never change), and public pages kept once rendered.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, posix, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { createPageMemory } from './page-memory.mjs';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const STATIC_FILE_CACHE = 'public, max-age=3600';
/** HTML that set no policy of its own: browsers revalidate, shared caches keep nothing. */
export const HTML_DEFAULT_CACHE = 'private, no-cache';
const MIN_COMPRESS_BYTES = 512;
// Pages are tens of KB: a 256 KB window keeps each concurrent stream's memory small (the default
// 4 MB window times a hundred connections would not be).
const DYNAMIC_BROTLI = {
  [constants.BROTLI_PARAM_QUALITY]: 5,
  [constants.BROTLI_PARAM_LGWIN]: 18,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

/**
 * Answers of a known length up to this size are compressed in one synchronous call once their
 * last byte is written (a page rendered whole; about 1 ms for the cart's 70 KB at these
 * settings). Measured with brotli under 50 connections, the compression stream per answer (on
 * the thread pool) cost the cart twice the CPU per request and 45-70 MB more resident memory.
 */
const WHOLE_BODY_MAX_BYTES = 256 * 1024;

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

/**
 * The encoding to answer with: brotli before gzip, honouring q=0 refusals.
 * @param {string | string[] | undefined} header Accept-Encoding
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(header) {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((found) => found !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name) => weights.get(name) ?? (weights.has('*') ? (weights.get('*') ?? 0) : 0);
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** @param {string | number | string[] | undefined} contentType */
export function isCompressible(contentType) {
  const type =
    String(contentType ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    [
      'application/json',
      'application/x-ndjson',
      'application/javascript',
      'application/xml',
      'application/manifest+json',
      'image/svg+xml',
    ].includes(type) ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

/** @param {string} urlPath */
export function cacheControlForFile(urlPath) {
  return urlPath.startsWith('/_astro/') ? IMMUTABLE : STATIC_FILE_CACHE;
}

/** @param {import('node:http').ServerResponse} res */
function addVary(res, name) {
  const current = String(res.getHeader('Vary') ?? '');
  if (
    current === '*' ||
    current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    return;
  res.setHeader('Vary', current ? `${current}, ${name}` : name);
}

/**
 * Built files answered from memory, compressed once; null when the path names no file.
 * @param {string} clientDir
 */
export function createStaticFiles(clientDir) {
  const root = resolve(clientDir);
  /** @type {Map<string, { raw: Buffer, br: Buffer | null, gzip: Buffer | null, type: string, etag: string } | null>} */
  const cache = new Map();

  const load = (urlPath) => {
    if (cache.has(urlPath)) return cache.get(urlPath) ?? null;
    let entry = null;
    const file = resolve(root, `.${urlPath}`);
    try {
      if (
        file.startsWith(root + sep) &&
        statSync(file).isFile() &&
        !urlPath.split('/').some((part) => part.startsWith('.'))
      ) {
        const raw = readFileSync(file);
        const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
        const compress = isCompressible(type) && raw.length >= MIN_COMPRESS_BYTES;
        entry = {
          raw,
          type,
          br: compress ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
          gzip: compress ? gzipSync(raw, { level: 9 }) : null,
          etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
        };
      }
    } catch {
      entry = null;
    }
    // Only files are remembered, so a page route of the same name keeps reaching Astro.
    if (entry) cache.set(urlPath, entry);
    return entry;
  };

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean} whether the request was answered
   */
  return function serveStatic(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    } catch {
      return false;
    }
    if (urlPath.endsWith('/') || !extname(urlPath)) return false;
    const entry = load(urlPath);
    if (!entry) return false;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = (encoding === 'br' && entry.br) || (encoding === 'gzip' && entry.gzip) || entry.raw;
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', cacheControlForFile(urlPath));
    res.setHeader('ETag', entry.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (entry.br || entry.gzip) addVary(res, 'Accept-Encoding');
    if (body !== entry.raw) res.setHeader('Content-Encoding', encoding ?? '');
    if (req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/**
 * Wraps a response so the body the Astro handler writes is compressed on the way out: in one call
 * when its length is known and small (a page rendered whole), else flushed chunk by chunk, so a streamed
 * answer keeps arriving early. HTML without a cache policy gets the default one.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressResponse(req, res) {
  const encoding = req.method === 'HEAD' ? null : chooseEncoding(req.headers['accept-encoding']);
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  /** @type {import('node:zlib').Gzip | import('node:zlib').BrotliCompress | null} */
  let compressor = null;
  /** @type {Buffer[] | null} the body so far, when it is compressed whole */
  let whole = null;
  let decided = false;

  const decide = () => {
    if (decided) return;
    decided = true;
    const type = res.getHeader('Content-Type');
    if (String(type ?? '').startsWith('text/html') && !res.hasHeader('Cache-Control'))
      res.setHeader('Cache-Control', HTML_DEFAULT_CACHE);
    if (isCompressible(type)) addVary(res, 'Accept-Encoding');
    const length = Number(res.getHeader('Content-Length') ?? Number.NaN);
    if (
      !encoding ||
      res.statusCode === 204 ||
      res.statusCode === 304 ||
      res.hasHeader('Content-Encoding') ||
      !isCompressible(type) ||
      length < MIN_COMPRESS_BYTES
    ) {
      return;
    }
    res.removeHeader('Content-Length');
    res.setHeader('Content-Encoding', encoding);
    if (length <= WHOLE_BODY_MAX_BYTES) {
      whole = [];
      return;
    }
    compressor = encoding === 'br' ? createBrotliCompress({ params: DYNAMIC_BROTLI }) : createGzip({ level: 6 });
    compressor.on('data', (chunk) => original.write.call(res, chunk));
    compressor.on('end', () => original.end.call(res));
    compressor.on('error', (error) => res.destroy(error));
  };

  const toBuffer = (chunk, chunkEncoding) =>
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof chunkEncoding === 'string' ? chunkEncoding : 'utf8')
      : Buffer.from(chunk);

  res.writeHead = function writeHead(statusCode, reason, headers) {
    let reasonText = reason;
    let headerSet = headers;
    if (typeof reason === 'object' && reason !== null) {
      headerSet = reason;
      reasonText = undefined;
    }
    if (Array.isArray(headerSet)) {
      const pairs = Array.isArray(headerSet[0])
        ? headerSet
        : headerSet.flatMap((item, index) => (index % 2 === 0 ? [[item, headerSet[index + 1]]] : []));
      for (const [name, value] of pairs) res.appendHeader(name, value);
    } else if (headerSet) {
      for (const [name, value] of Object.entries(headerSet)) if (value !== undefined) res.setHeader(name, value);
    }
    res.statusCode = statusCode;
    if (typeof reasonText === 'string') res.statusMessage = reasonText;
    decide();
    return original.writeHead.call(res, statusCode);
  };

  res.write = function write(chunk, chunkEncoding, callback) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (whole) {
      whole.push(toBuffer(chunk, chunkEncoding));
      const done = typeof chunkEncoding === 'function' ? chunkEncoding : callback;
      if (typeof done === 'function') process.nextTick(done);
      return true;
    }
    if (!compressor) return original.write.call(res, chunk, chunkEncoding, callback);
    compressor.write(toBuffer(chunk, chunkEncoding));
    compressor.flush();
    const done = typeof chunkEncoding === 'function' ? chunkEncoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };

  res.end = function end(chunk, chunkEncoding, callback) {
    const hasChunk = chunk !== undefined && chunk !== null && typeof chunk !== 'function';
    if (!res.headersSent) {
      if (hasChunk && !res.hasHeader('Content-Length'))
        res.setHeader('Content-Length', toBuffer(chunk, chunkEncoding).length);
      res.writeHead(res.statusCode);
    }
    if (whole) {
      const done = [chunk, chunkEncoding, callback].find((item) => typeof item === 'function');
      if (typeof done === 'function') res.once('finish', done);
      if (hasChunk) whole.push(toBuffer(chunk, chunkEncoding));
      const body = Buffer.concat(whole);
      whole = null;
      let compressed;
      try {
        compressed =
          encoding === 'br'
            ? brotliCompressSync(body, {
                params: { ...DYNAMIC_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
              })
            : gzipSync(body, { level: 6 });
      } catch (error) {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
        return res;
      }
      original.end.call(res, compressed);
      return res;
    }
    if (!compressor) return original.end.call(res, chunk, chunkEncoding, callback);
    const done = [chunk, chunkEncoding, callback].find((item) => typeof item === 'function');
    if (typeof done === 'function') res.once('finish', done);
    if (hasChunk) compressor.write(toBuffer(chunk, chunkEncoding));
    compressor.end();
    return res;
  };
}

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
 * The request listener of a production instance: built files from memory, public pages from
 * memory once rendered (page-memory.mjs), the rest through Astro with compression.
 * @param {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) & { appHandler?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void }} astroHandler
 *   the adapter's standalone handler; its `appHandler` (scripts/build/ssr-runtime.mjs) renders without the file lookup
 * @param {string} clientDir
 * @param {ReturnType<typeof createPageMemory>} [pageMemory]
 */
export function createServingHandler(astroHandler, clientDir, pageMemory = createPageMemory()) {
  const serveStatic = createStaticFiles(clientDir);
  const folders = indexFolders(clientDir);
  const render = astroHandler.appHandler;
  return (req, res) => {
    req.url = originFormTarget(req.url);
    if (serveStatic(req, res)) return;
    if (pageMemory.answer(req, res, chooseEncoding(req.headers['accept-encoding']))) return;
    compressResponse(req, res);
    pageMemory.capture(req, res);
    if (render && rendersWithoutFileLookup(req.url, folders)) render(req, res);
    else astroHandler(req, res);
  };
}
