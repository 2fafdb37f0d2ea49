import { serve } from '@hono/node-server';
import { createStoreApi } from './server.ts';

// Entry point of the reference store API: `npm run store-api`.
const mode =
  process.env.STORE_API_MODE === 'test' || process.env.STORE_API_MODE === 'production'
    ? process.env.STORE_API_MODE
    : 'normal';
const port = Number(process.env.STORE_API_PORT ?? 4010);
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
});

serve({ fetch: app.fetch, hostname: process.env.STORE_API_HOST ?? '127.0.0.1', port }, (info) => {
  console.log(`store API (${mode} mode) on http://127.0.0.1:${info.port}/`);
});

// Started by `npm start` with an IPC channel: when that process ends, even killed, so does this one.
if (process.send) process.on('disconnect', () => process.exit(0));
