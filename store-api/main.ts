import { serve } from '@hono/node-server';
import { Hono } from 'hono';

// Entry point of the reference store API.
const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));

const port = Number(process.env.STORE_API_PORT ?? 4010);
serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => {
  console.log(`store API on http://127.0.0.1:${info.port}/`);
});
