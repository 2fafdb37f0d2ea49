// Liveness and readiness, answered before Astro: no cookie, no page view, no log line.
// /healthz: the process answers. /readyz: this instance can serve: its settings are loaded and the
// site is imported (the server only listens after that) and it is not draining. The store API's
// health is not part of it: when the store API is down every instance is equally unable to reach
// it, and an outer balancer that took them all away would hide the site's own error states (the
// cart's "try again", the pages that need no store API). It is watched apart
// (deploy/store-api-watch.mjs): a metric and a log line.

/**
 * @param {{ isDraining: () => boolean }} options
 */
export function createHealth(options) {
  /**
   * Answers /healthz and /readyz; false for every other request.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  return function handleHealth(req, res) {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/healthz' && path !== '/readyz') return false;
    const draining = path === '/readyz' && options.isDraining();
    const status = draining ? 503 : 200;
    const body = path === '/healthz' ? 'ok\n' : draining ? 'draining\n' : 'ready\n';
    res.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
