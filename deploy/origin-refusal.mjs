// Why a post was refused as cross-site, for the operator. Astro refuses an unsafe request whose
// Origin is not the site's origin as it sees it (scheme from X-Forwarded-Proto, kept only from a
// trusted proxy: deploy/forwarded.mjs), answering 403 without a word in the log; behind a proxy
// missing from TRUST_PROXY that is every post, so the entry says once why.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** @param {string | string[] | undefined} value */
function firstValue(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim().toLowerCase() ?? '';
}

/** @param {string} url */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * @typedef {{ origin: string, siteOrigin: string, peer: string, forwardedProto: string | null, proxyTrusted: boolean }} OriginMismatch
 */

/**
 * What an unsafe request's Origin and the origin the site will see disagree on, or null when they
 * agree (or it is no post a browser sent). Read before the forwarded headers are filtered, so a
 * scheme the peer forwarded but is not trusted to say is named.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('../src/trusted-proxies.ts').TrustedProxies} trusted
 * @returns {OriginMismatch | null}
 */
export function originMismatch(req, trusted) {
  if (SAFE_METHODS.has((req.method ?? 'GET').toUpperCase())) return null;
  const origin = firstValue(req.headers.origin);
  if (!origin) return null;
  const peer = req.socket?.remoteAddress ?? '';
  const proxyTrusted = trusted.has(peer);
  const sent = firstValue(req.headers['x-forwarded-proto']);
  const scheme = proxyTrusted && (sent === 'https' || sent === 'http') ? sent : 'http';
  const siteOrigin = originOf(`${scheme}://${firstValue(req.headers.host)}`);
  if (origin === siteOrigin) return null;
  return { origin, siteOrigin, peer, forwardedProto: sent || null, proxyTrusted };
}

/**
 * The warning's text: an untrusted peer that forwarded a scheme is the usual cause (a proxy
 * missing from TRUST_PROXY); otherwise the origin itself is foreign.
 * @param {OriginMismatch} mismatch
 */
export function mismatchCause(mismatch) {
  if (mismatch.forwardedProto && !mismatch.proxyTrusted)
    return `X-Forwarded-Proto ${mismatch.forwardedProto} ignored: peer ${mismatch.peer} is not in TRUST_PROXY, so Origin ${mismatch.origin} does not match ${mismatch.siteOrigin}`;
  return `Origin ${mismatch.origin} does not match ${mismatch.siteOrigin} (peer ${mismatch.peer})`;
}

/**
 * Logs a refused post's cause at warn, at most one line per `intervalMs` (a flood of refused posts
 * would otherwise flood the log); the next line says how many were left out meanwhile.
 * @param {{ warn: (fields: object, message: string) => void }} logger
 * @param {{ intervalMs?: number, now?: () => number }} [options]
 */
export function createOriginRefusalLog(logger, options = {}) {
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  let lastAt = -Infinity;
  let leftOut = 0;
  /** @param {OriginMismatch} mismatch */
  return (mismatch) => {
    if (now() - lastAt < intervalMs) {
      leftOut += 1;
      return;
    }
    lastAt = now();
    logger.warn(
      {
        origin: mismatch.origin,
        siteOrigin: mismatch.siteOrigin,
        peer: mismatch.peer,
        forwardedProto: mismatch.forwardedProto,
        ...(leftOut > 0 ? { leftOut } : {}),
      },
      `post refused as cross-site: ${mismatchCause(mismatch)}`,
    );
    leftOut = 0;
  };
}
