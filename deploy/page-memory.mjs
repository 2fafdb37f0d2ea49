// Public pages kept in memory by the production entry: the site renders a page once, the entry
// keeps the answer it sent (status, every header, the body in each encoding) for as long as the
// answer's own Cache-Control lets a shared cache keep it, and gives it to the next anonymous
// requests without running the site. The headers are the site's own, so the security headers,
// Vary and cache policy of a stored page are those of its render. What may be kept and who may get
// it are the rules of src/lib/http/page-memory.ts.
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  mayAnswerFromMemory,
  mayStoreAnswerTo,
  memoryKey,
  memoryLifetime,
  pageViewOf,
  referrerOf,
} from '../dist/server/deploy/page-memory.mjs';
import { countPageView } from './page-view-sink.mjs';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * A page is first kept with quick brotli (about 1 ms for a page) and gets the smallest encoding
 * (about 30 ms, off the main thread) when it is first answered from memory: addresses asked once,
 * such as invented 404s, never cost the slow one.
 */
const QUICK_BROTLI = 5;
const BEST_BROTLI = 11;
const brotliAt = (raw, quality) =>
  brotli(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });

/** All pages together; a page is about 12 KB plain and 8 KB in its two encodings. */
export const PAGE_MEMORY_BYTES = 8 * 1024 * 1024;
const MAX_PAGE_BYTES = 512 * 1024;
/** Headers of one answer only: the request id, framing, and the encoding chosen per request. */
const PER_ANSWER_HEADERS = new Set([
  'x-request-id',
  'x-cache',
  'date',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/** @param {import('node:http').IncomingMessage} req */
function requestFacts(req) {
  const cookie = req.headers.cookie;
  return { method: req.method ?? 'GET', target: req.url ?? '/', cookie: cookie === undefined ? null : cookie };
}

/** @param {import('node:http').IncomingMessage} req */
function keyOf(req) {
  // The entry listens on plain http; the proxy's scheme is kept only from a trusted peer (forwarded.mjs).
  const forwarded = req.headers['x-forwarded-proto'];
  const scheme = typeof forwarded === 'string' ? forwarded : 'http';
  return memoryKey(scheme, req.headers.host ?? '', req.url ?? '/');
}

/**
 * How long the answer written to this response may be kept, in seconds (0: not at all).
 * @param {import('node:http').ServerResponse} res
 */
function lifetimeOf(res) {
  const header = (name) => {
    const value = res.getHeader(name);
    return value === undefined ? null : String(value);
  };
  return memoryLifetime({
    status: res.statusCode,
    cacheControl: header('cache-control'),
    vary: header('vary'),
    setsCookie: res.hasHeader('set-cookie'),
  });
}

/**
 * @typedef {{ status: number, headers: [string, string | number | string[]][], raw: Buffer,
 *   br: Buffer | null, gzip: Buffer | null, expires: number, bytes: number, polished: boolean,
 *   view: { path: string, locale: string, referrer: string } | null }} StoredPage
 * @param {{ maxBytes?: number, now?: () => number }} [options]
 */
export function createPageMemory(options = {}) {
  const maxBytes = options.maxBytes ?? PAGE_MEMORY_BYTES;
  const now = options.now ?? Date.now;
  /** @type {Map<string, StoredPage>} oldest use first */
  const pages = new Map();
  let bytes = 0;
  /** Pages being encoded: one render of an address at a time is kept. */
  const storing = new Set();

  const forget = (key) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };

  /** @param {string} key @param {StoredPage} page */
  const keep = (key, page) => {
    forget(key);
    if (page.bytes > maxBytes) return;
    pages.set(key, page);
    bytes += page.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  /**
   * Answers the request with a stored page when one may answer it.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {'br' | 'gzip' | null} encoding
   * @returns {boolean} whether the request was answered
   */
  const answer = (req, res, encoding) => {
    if (pages.size === 0 || !mayAnswerFromMemory(requestFacts(req))) return false;
    const key = keyOf(req);
    const page = pages.get(key);
    if (!page) return false;
    if (page.expires <= now()) {
      forget(key);
      return false;
    }
    // Most recently used last, so the oldest use goes first when memory is short.
    pages.delete(key);
    pages.set(key, page);
    const body = (encoding === 'br' && page.br) || (encoding === 'gzip' && page.gzip) || page.raw;
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (body !== page.raw) res.setHeader('Content-Encoding', encoding ?? '');
    // The one header a render does not send: says where the answer came from, for operators and tests.
    res.setHeader('X-Cache', 'hit');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    if (!page.polished && page.br) {
      page.polished = true;
      brotliAt(page.raw, BEST_BROTLI).then(
        (br) => {
          if (pages.get(key) !== page || !page.br || br.length >= page.br.length) return;
          const saved = page.br.length - br.length;
          page.br = br;
          page.bytes -= saved;
          bytes -= saved;
        },
        () => {
          // The quick encoding stays.
        },
      );
    }
    if (page.view) countPageView({ ...page.view, referrer: referrerOf(req.headers.referer) });
    return true;
  };

  /**
   * Watches the site's answer to this request (call after the response is wrapped for
   * compression, so the body seen is the plain one) and keeps it when it may be kept.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  const capture = (req, res) => {
    if (!mayStoreAnswerTo(requestFacts(req))) return;
    const key = keyOf(req);
    if (storing.has(key)) return;
    const target = req.url ?? '/';
    /** @type {Buffer[] | null} */
    let chunks = [];
    let size = 0;
    let decided = false;
    const collect = (chunk, chunkEncoding) => {
      // Once the headers are out it is known whether the page can be kept; a page that cannot
      // (a private island page, say) is not copied at all.
      if (chunks && !decided && res.headersSent) {
        decided = true;
        if (lifetimeOf(res) <= 0) chunks = null;
      }
      if (!chunks || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof chunkEncoding === 'string' ? chunkEncoding : 'utf8')
          : Buffer.from(chunk);
      size += buffer.length;
      if (size > MAX_PAGE_BYTES) chunks = null;
      else chunks.push(buffer);
    };
    const { write, end } = res;
    res.write = function captureWrite(chunk, chunkEncoding, callback) {
      collect(chunk, chunkEncoding);
      return write.call(res, chunk, chunkEncoding, callback);
    };
    res.end = function captureEnd(chunk, chunkEncoding, callback) {
      collect(chunk, chunkEncoding);
      return end.call(res, chunk, chunkEncoding, callback);
    };
    res.once('finish', () => {
      // Renders of one address that ran side by side (the first visitors after a start or an
      // expiry) are encoded once: the first to finish is kept, the others let go.
      if (!chunks || storing.has(key) || (pages.get(key)?.expires ?? 0) > now()) return;
      const lifetime = lifetimeOf(res);
      if (lifetime <= 0) return;
      const raw = Buffer.concat(chunks);
      /** @type {[string, string | number | string[]][]} */
      const headers = [];
      for (const name of res.getRawHeaderNames()) {
        const value = res.getHeader(name);
        if (value !== undefined && !PER_ANSWER_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
      }
      const expires = now() + lifetime * 1000;
      // Encoded whenever the render was (a text type, which adds Vary: Accept-Encoding), so both
      // answer alike; off the main thread, so storing a page delays no other request.
      const encode = /accept-encoding/i.test(String(res.getHeader('vary') ?? ''));
      storing.add(key);
      Promise.all([encode ? brotliAt(raw, QUICK_BROTLI) : null, encode ? gzipAsync(raw, { level: 9 }) : null])
        .then(([br, gz]) => {
          const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + String(value).length, 0);
          keep(key, {
            status: res.statusCode,
            headers,
            raw,
            br,
            gzip: gz,
            expires,
            bytes: raw.length + (br?.length ?? 0) + (gz?.length ?? 0) + headerBytes,
            polished: false,
            // Every request of a key has the same path, so its page view is worked out once.
            view: pageViewOf('GET', target, null),
          });
        })
        .catch(() => {
          // A page that could not be encoded is rendered again next time.
        })
        .finally(() => storing.delete(key));
    });
  };

  return { answer, capture, size: () => pages.size, bytes: () => bytes };
}
