// Liveness and readiness, answered before Astro: no cookie, no page view, no log line.
// /healthz: the process answers. /readyz: settings loaded (the server only listens after that),
// the store API answers its health check, and the instance is not draining.

const STORE_API_CHECK_MS = 2000;
/** One store API check serves all probes within this window, so probes never load the API. */
const REMEMBER_MS = 1000;

/**
 * @param {{ storeApiUrl: string, isDraining: () => boolean, fetch?: typeof globalThis.fetch, now?: () => number }} options
 */
export function createHealth(options) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  /** @type {{ at: number, ok: Promise<boolean> } | null} */
  let last = null;

  const storeApiAnswers = () => {
    if (last && now() - last.at < REMEMBER_MS) return last.ok;
    const ok = fetchImpl(new URL('health', options.storeApiUrl), { signal: AbortSignal.timeout(STORE_API_CHECK_MS) })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        return response.ok;
      })
      .catch(() => false);
    last = { at: now(), ok };
    return ok;
  };

  /** @returns {Promise<{ status: number, body: string }>} */
  const readiness = async () => {
    if (options.isDraining()) return { status: 503, body: 'draining\n' };
    return (await storeApiAnswers())
      ? { status: 200, body: 'ready\n' }
      : { status: 503, body: 'store API not answering\n' };
  };

  /**
   * Answers /healthz and /readyz; false for every other request.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  return function handleHealth(req, res) {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/healthz' && path !== '/readyz') return false;
    const send = ({ status, body }) => {
      res.writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (path === '/healthz') send({ status: 200, body: 'ok\n' });
    else void readiness().then(send);
    return true;
  };
}
