// Production entry: `node deploy/server.mjs` after `npm run build`. Runs the built Astro handler
// behind compression (gzip, brotli) and serves built files from memory with immutable caching for
// hashed assets. Same environment as dist/server/entry.mjs (HOST, PORT, STORE_API_URL, ...).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createServingHandler } from './serving.mjs';
import { createObservability } from './observability.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React's server renderer reads NODE_ENV when it loads; its development build renders several
// times slower, so production is the default here.
process.env.NODE_ENV ??= 'production';
const distUrl = new URL('../dist/', import.meta.url);
const { handler } = await import(new URL('server/entry.mjs', distUrl).href);

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const observability = createObservability();
const server = createServer({ keepAliveTimeout: 65_000 }, observability.observe(createServingHandler(handler, fileURLToPath(new URL('client/', distUrl)))));
observability.startMetrics();

server.listen(port, host, () => {
  if (process.env.ASTRO_NODE_LOGGING !== 'disabled') console.log(`site on http://${host}:${port}/`);
});

// A load balancer drains an instance by stopping it: finish what is in flight, then exit.
const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
