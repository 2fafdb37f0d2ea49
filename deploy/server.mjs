// Production entry: `node deploy/server.mjs` after `npm run build`. Stops with one line on a Node
// older than it needs (deploy/node-version.mjs, imported first) and on any bad setting, before it
// listens; answers /healthz and /readyz itself, believes X-Forwarded-Proto and X-Forwarded-For
// only through trusted proxies, runs the built Astro handler (compression, built files and the
// shared page cache are nginx's: deploy/nginx.conf), and drains on SIGTERM. Same environment as
// dist/server/entry.mjs (HOST, PORT, STORE_API_URL, ...). It runs JavaScript only: the site's
// settings schema comes built from dist/server/deploy/. Every line it writes is JSON.
import './node-version.mjs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createDrain } from './drain.mjs';
import { flushPageViews } from '../src/lib/server/observability/page-view-sink.mjs';
import { stopStart } from '../src/fatal-line.mjs';
import { applyForwardedTrust } from './forwarded.mjs';
import { createHealth } from './health.mjs';
import { createObservability } from './observability.mjs';
import { createOriginRefusalLog, originMismatch } from './origin-refusal.mjs';
import { createSiteHandler } from './site-handler.mjs';
import { watchStoreApi } from './store-api-watch.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React's server renderer reads NODE_ENV when it loads; its development build renders several
// times slower, so production is the default here, and so is the production environment.
process.env.NODE_ENV ??= 'production';
process.env.PUBLIC_APP_ENV ??= 'production';

const distUrl = new URL('../dist/', import.meta.url);
/** @param {string} path under dist/ */
const importBuilt = (path) =>
  import(new URL(path, distUrl).href).catch((/** @type {{ code?: string }} */ error) => {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') stopStart(`No build in dist/ (${path}): run npm run build first`);
    throw error;
  });

// Importing the settings checks them: a bad one stops the start with one line.
/** @type {{ config: import('../src/config.ts').AppConfig }} */
const { config } = await importBuilt('server/deploy/config.mjs');
/** @type {{ trustedProxies: typeof import('../src/trusted-proxies.ts').trustedProxies }} */
const { trustedProxies } = await importBuilt('server/deploy/trusted-proxies.mjs');
const trusted = trustedProxies(config.TRUST_PROXY);
const observability = createObservability();
const { logger } = observability;
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'crashed');
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'crashed on an unhandled rejection');
  process.exit(1);
});

const { handler } = await importBuilt('server/entry.mjs');
const serve = createSiteHandler(handler, fileURLToPath(new URL('client/', distUrl)));

/** @type {ReturnType<typeof createDrain>} */
let drain;
const logOriginRefusal = createOriginRefusalLog(logger);
const health = createHealth({ isDraining: () => drain.isDraining() });
const server = createServer(
  { keepAliveTimeout: 65_000 },
  observability.observe((req, res) => {
    if (health(req, res) || drain.handle(req, res)) return;
    const mismatch = originMismatch(req, trusted);
    if (mismatch) res.once('finish', () => res.statusCode === 403 && logOriginRefusal(mismatch));
    applyForwardedTrust(req, trusted);
    serve(req, res);
  }),
);
observability.startMetrics();
const storeApiWatch = watchStoreApi({ storeApiUrl: config.STORE_API_URL, logger });
drain = createDrain(server, {
  graceMs: config.SHUTDOWN_GRACE_MS,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  logger,
  beforeExit: flushPageViews,
});

server.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
  const why = error.code === 'EADDRINUSE' ? 'the port is in use' : (error.code ?? error.message);
  stopStart(`Cannot listen on ${config.HOST}:${config.PORT}: ${why}`, { host: config.HOST, port: config.PORT });
});
server.listen(config.PORT, config.HOST, () => {
  // The store API's origin alone: an address may carry credentials.
  const storeApi = new URL(config.STORE_API_URL).origin;
  logger.info({ host: config.HOST, port: config.PORT, publicOrigin: config.SITE_URL, storeApi }, 'site listening');
  storeApiWatch.start();
});

const stop = () => {
  storeApiWatch.stop();
  drain.start();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by a supervisor with an IPC channel (npm start): its end is a stop too.
if (process.send) process.on('disconnect', stop);
