// Access log, request ids and Prometheus metrics of the production entry (deploy/server.mjs).
// Metrics are served on their own port (METRICS_PORT, off when unset) so the public site never
// answers /metrics; the site's calls to the store API add their own series to the same registry.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import client from 'prom-client';
import { UNLOGGED_PATHS, accessEntry, loggablePath, routeLabel } from './access-log.mjs';
import { stopStart } from '../src/fatal-line.mjs';
import { createLogger } from '../src/lib/server/observability/logger.mjs';
import { REQUEST_ID_HEADER, requestIdFrom } from '../src/lib/server/observability/request-id.mjs';

/** Methods the site or its proxy can answer; anything else is refused before the handler. */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PAGE_METHODS = 'GET, HEAD, POST';
const PROXY_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/**
 * METRICS_PORT: null (off) when unset.
 * @param {string | undefined} value
 * @returns {number | null}
 */
export function metricsPortOf(value) {
  if (value === undefined || value === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`Invalid METRICS_PORT: ${value} (a port number, 1-65535)`);
  return port;
}

/** The refusal text in the language of the path, as the site's own 405 says it. */
function refusalTexts() {
  /** @type {Record<string, string>} */
  const texts = {};
  for (const locale of ['en', 'es', 'fr', 'pt']) {
    try {
      const file = new URL(`../locales/${locale}/common.json`, import.meta.url);
      texts[locale] = JSON.parse(readFileSync(file, 'utf8'))['common.methodNotAllowed'];
    } catch {
      // An image without the locale files answers in English below.
    }
  }
  return texts;
}

function metric(name, create) {
  return client.register.getSingleMetric(name) ?? create();
}

/**
 * @param {{ env?: NodeJS.ProcessEnv, logger?: import('pino').Logger }} [options]
 */
export function createObservability(options = {}) {
  const env = options.env ?? process.env;
  /** @type {import('pino').Logger} */
  let logger;
  /** @type {number | null} */
  let metricsPort;
  try {
    logger = options.logger ?? createLogger({ level: env.LOG_LEVEL });
    metricsPort = metricsPortOf(env.METRICS_PORT);
  } catch (error) {
    // A bad setting stops the start with one line, before anything listens.
    stopStart(error instanceof Error ? error.message : String(error));
  }
  if (!client.register.getSingleMetric('process_resident_memory_bytes')) client.collectDefaultMetrics();
  const labelNames = ['method', 'route', 'status'];
  const requests = metric(
    'http_requests_total',
    () =>
      new client.Counter({ name: 'http_requests_total', help: 'Requests answered, by route and status.', labelNames }),
  );
  const latency = metric(
    'http_request_duration_seconds',
    () =>
      new client.Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to the last byte of the answer.',
        labelNames,
        buckets: LATENCY_BUCKETS,
      }),
  );
  const refusals = refusalTexts();

  /**
   * Wraps the request listener: a request id on the request and the answer, one access line and
   * the request metrics when the answer is finished or cut off.
   * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} listener
   */
  const observe = (listener) => (req, res) => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    // The site's pages and proxy read it from here and pass it to the store API.
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const target = req.url;
    res.once('close', () => {
      const durationMs = performance.now() - started;
      const entry = accessEntry({
        method: req.method,
        target,
        status: res.statusCode,
        durationMs,
        requestId,
        aborted: !res.writableFinished,
      });
      const method = KNOWN_METHODS.includes(entry.method) ? entry.method : 'OTHER';
      const labels = { method, route: routeLabel(entry.path, res.statusCode), status: String(res.statusCode) };
      requests.inc(labels);
      latency.observe(labels, durationMs / 1000);
      if (UNLOGGED_PATHS.has(entry.path.replace(/\/$/, ''))) return;
      if (res.statusCode >= 500) logger.warn(entry, 'request');
      else logger.info(entry, 'request');
    });
    if (!KNOWN_METHODS.includes(req.method ?? '')) {
      // TRACE, CONNECT and invented methods cannot become a web Request; answered here, calmly.
      const path = loggablePath(target);
      const locale = /^\/(es|fr|pt)(\/|$)/.exec(path)?.[1] ?? 'en';
      res.writeHead(405, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        Allow: path.startsWith('/api/') ? PROXY_METHODS : PAGE_METHODS,
      });
      res.end(refusals[locale] ?? refusals.en ?? 'Method Not Allowed');
      return;
    }
    listener(req, res);
  };

  /** @type {import('node:http').Server | null} */
  let metricsServer = null;

  /** Starts the metrics listener when METRICS_PORT is set. */
  const startMetrics = () => {
    if (metricsPort === null) return null;
    const host = env.METRICS_HOST || '127.0.0.1';
    metricsServer = createServer(async (req, res) => {
      if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://local').pathname !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      try {
        const body = await client.register.metrics();
        res.writeHead(200, { 'Content-Type': client.register.contentType, 'Cache-Control': 'no-store' }).end(body);
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'metrics failed');
        res.writeHead(500).end();
      }
    });
    metricsServer.once('error', (error) => {
      // A taken port is a setting error: stop with one line, as for the site's own port.
      stopStart(`Cannot listen for metrics on ${host}:${metricsPort}: ${error.message}`, { port: metricsPort });
    });
    metricsServer.listen(metricsPort, host, () => logger.info({ host, port: metricsPort }, 'metrics listening'));
    // Metrics never hold a draining instance up.
    metricsServer.unref();
    return metricsServer;
  };

  const close = () => metricsServer?.close();

  return { observe, startMetrics, close, logger };
}
