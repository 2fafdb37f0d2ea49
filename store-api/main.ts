import { serve } from '@hono/node-server';
import { createStoreApi, type RequestLogEntry } from './server.ts';

// Entry point of the reference store API: `npm run store-api`. Every line it writes is JSON, as the
// site's are: one per request (with the request id the site sent) and its start and stop.
const mode =
  process.env.STORE_API_MODE === 'test' || process.env.STORE_API_MODE === 'production'
    ? process.env.STORE_API_MODE
    : 'normal';
const port = Number(process.env.STORE_API_PORT ?? 4010);
const host = process.env.STORE_API_HOST ?? '127.0.0.1';

function logLine(level: 'info' | 'fatal', msg: string, fields: object = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: 'store-api', ...fields, msg });
  (level === 'fatal' ? process.stderr : process.stdout).write(`${line}\n`);
}

const { app } = createStoreApi({
  dbPath: process.env.STORE_API_DB ?? '.data/store.db',
  mode,
  siteOrigins: (process.env.SITE_ORIGINS ?? 'http://127.0.0.1:4321,http://localhost:4321').split(',').filter(Boolean),
  chatOnline: process.env.CHAT_ONLINE !== 'false',
  ratingKey: process.env.STORE_API_RATING_KEY,
  payLaterStores: (process.env.STORE_API_PAY_LATER_STORES ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean),
  loginClientFreeFailures: process.env.STORE_API_LOGIN_CLIENT_FREE_FAILURES
    ? Number(process.env.STORE_API_LOGIN_CLIENT_FREE_FAILURES)
    : undefined,
  logRequest:
    process.env.STORE_API_LOG_REQUESTS === 'false'
      ? undefined
      : (entry: RequestLogEntry) => logLine('info', 'request', entry),
});

const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  logLine('info', 'store API listening', { mode, url: `http://${host}:${info.port}/` });
});
server.on('error', (error: NodeJS.ErrnoException) => {
  const why = error.code === 'EADDRINUSE' ? 'the port is in use (set STORE_API_PORT)' : (error.code ?? error.message);
  logLine('fatal', `Cannot listen on ${host}:${port}: ${why}`, { host, port });
  process.exit(1);
});

// Started by `npm start` with an IPC channel: when that process ends, even killed, so does this one.
if (process.send) process.on('disconnect', () => process.exit(0));
