// Production entry: `node deploy/server.mjs` after `npm run build`. Checks every setting before it
// listens (a bad one stops the start with one line), answers /healthz and /readyz itself, believes
// X-Forwarded-Proto and X-Forwarded-For only through trusted proxies, runs the built Astro
// handler (compression, built files and the shared page cache are nginx's: deploy/nginx.conf), and
// drains on SIGTERM. Same environment as dist/server/entry.mjs (HOST, PORT, STORE_API_URL, ...).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig } from '../src/config.ts';
import { trustedProxies } from '../src/trusted-proxies.ts';
import { createDrain } from './drain.mjs';
import { applyForwardedTrust } from './forwarded.mjs';
import { createHealth } from './health.mjs';
import { createObservability } from './observability.mjs';
import { createSiteHandler } from './site-handler.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React's server renderer reads NODE_ENV when it loads; its development build renders several
// times slower, so production is the default here, and so is the production environment.
process.env.NODE_ENV ??= 'production';
process.env.PUBLIC_APP_ENV ??= 'production';

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const trusted = trustedProxies(config.TRUST_PROXY);
const distUrl = new URL('../dist/', import.meta.url);
const { handler } = await import(new URL('server/entry.mjs', distUrl).href);
const serve = createSiteHandler(handler, fileURLToPath(new URL('client/', distUrl)));
const quiet = process.env.ASTRO_NODE_LOGGING === 'disabled';

const observability = createObservability();
/** @type {ReturnType<typeof createDrain>} */
let drain;
const health = createHealth({ storeApiUrl: config.STORE_API_URL, isDraining: () => drain.isDraining() });
const server = createServer(
  { keepAliveTimeout: 65_000 },
  observability.observe((req, res) => {
    if (health(req, res) || drain.handle(req, res)) return;
    applyForwardedTrust(req, trusted);
    serve(req, res);
  }),
);
observability.startMetrics();
drain = createDrain(server, {
  graceMs: config.SHUTDOWN_GRACE_MS,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  log: (line) => {
    if (!quiet) console.log(line);
  },
});

server.on('error', (error) => {
  console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${error.code ?? error.message}`);
  process.exit(1);
});
server.listen(config.PORT, config.HOST, () => {
  if (!quiet) console.log(`site on http://${config.HOST}:${config.PORT}/ (public origin ${config.SITE_URL})`);
});

process.on('SIGTERM', drain.start);
process.on('SIGINT', drain.start);
// Started by a supervisor with an IPC channel (npm start): its end is a stop too.
if (process.send) process.on('disconnect', drain.start);
