import { z } from 'zod';
import { valid } from '../core/validate.ts';
import { transaction } from '../core/db.ts';
import { limitBody } from '../core/limits.ts';
import { clientKey, createRateLimiter, limitsSkipped, overLimit, type RateLimit } from '../core/rate-limit.ts';
import {
  ANALYTICS_MAX_BATCH,
  ANALYTICS_MAX_BODY_BYTES,
  ANALYTICS_MAX_ROWS,
  eventRequestId,
  REQUEST_ID_PATTERN,
  retentionCutoff,
  storedEvent,
} from '../rules/analytics.ts';
import type { ApiContext } from '../core/context.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, failures, json, jsonBody, ok } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

/** Analytics calls per client (the site's batches of page views count as one client). */
export const ANALYTICS_PER_CLIENT: RateLimit = { limit: 120, windowMs: 60 * 1000 };

/**
 * The simulated vendor chat script. It behaves like a hosted chat widget: a global with open(),
 * on(listener) and an online flag; listeners receive {action} events whose action contains
 * "served" when an operator takes the chat and "minimised" when the visitor folds it away.
 */
export function chatScript(key: string, online: boolean): string {
  return `/* parts chat widget */
(function () {
  'use strict';
  if (window.PartsChatWidget) return;
  var listeners = [];
  var panel = null;
  var state = { key: ${JSON.stringify(key)}, online: ${online ? 'true' : 'false'}, status: 'idle' };
  function emit(action) {
    var event = { action: action, key: state.key, at: Date.now() };
    listeners.slice().forEach(function (listener) { try { listener(event); } catch (e) { /* a listener's failure is its own */ } });
  }
  function build() {
    panel = document.createElement('section');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', 'Live chat');
    panel.setAttribute('data-parts-chat', '');
    panel.style.cssText = 'position:fixed;right:16px;bottom:16px;width:300px;max-width:90vw;background:#fff;color:#111;border:1px solid #555;border-radius:8px;padding:12px;z-index:2147483000;font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25)';
    var title = document.createElement('h2');
    title.textContent = 'Live chat';
    title.style.cssText = 'margin:0 0 8px;font-size:16px';
    var message = document.createElement('p');
    message.textContent = 'An operator has joined the chat. How can we help?';
    var minimise = document.createElement('button');
    minimise.type = 'button';
    minimise.textContent = 'Minimise chat';
    minimise.addEventListener('click', function () { api.minimise(); });
    panel.appendChild(title);
    panel.appendChild(message);
    panel.appendChild(minimise);
    document.body.appendChild(panel);
  }
  var api = {
    version: '1.0.0',
    get key() { return state.key; },
    get online() { return state.online; },
    get status() { return state.status; },
    isOnline: function () { return state.online; },
    on: function (listener) {
      if (typeof listener !== 'function') return function () {};
      listeners.push(listener);
      return function () { listeners = listeners.filter(function (l) { return l !== listener; }); };
    },
    open: function () {
      if (!state.online) { emit('chat_offline'); return false; }
      if (!panel) build();
      panel.hidden = false;
      state.status = 'open';
      emit('chat_requested');
      setTimeout(function () { if (state.status === 'open') { state.status = 'served'; emit('chat_served'); } }, 50);
      return true;
    },
    minimise: function () {
      if (panel) panel.hidden = true;
      state.status = 'minimised';
      emit('chat_minimised');
    },
  };
  window.PartsChatWidget = api;
  window.dispatchEvent(new CustomEvent('partschat:ready', { detail: { online: state.online } }));
})();
`;
}

const event = z.looseObject({
  type: z.string().trim().min(1, 'required').max(40),
  /** The request that recorded the event: a second event of its type for the same id is not recorded. */
  request_id: z.string().regex(REQUEST_ID_PATTERN, 'invalid').optional(),
});
/** A batch of events (`{type: 'batch', events: [...]}`), as the site sends its page views. */
const widgetQuery = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'required')
    .max(100)
    .regex(/^[\w.-]+$/, 'invalid key'),
});
const chatWidget = createRoute({
  method: 'get',
  path: '/chat/widget.js',
  summary: 'The simulated vendor chat script',
  request: { query: widgetQuery },
  responses: {
    200: { description: 'Script', content: { 'text/javascript': { schema: z.string() } } },
    ...failures(400),
  },
});
const analytics = createRoute({
  method: 'post',
  path: '/analytics',
  summary: 'One analytics event, or {type: batch, events}',
  request: { body: jsonBody(event) },
  responses: { 200: json(ok), ...failures(400, 413, 429) },
});

const batch = z.object({
  events: z.array(event).min(1, 'required').max(ANALYTICS_MAX_BATCH, `at most ${ANALYTICS_MAX_BATCH}`),
});

/**
 * Records the events; one of a type already recorded for its request (a page drawn again after a
 * retry, a call sent again) is left out, and the call answers as for the first.
 */
function storeEvents(
  ctx: ApiContext,
  events: readonly z.infer<typeof event>[],
  callRequestId: string | undefined,
  single: boolean,
): void {
  const now = ctx.now();
  transaction(ctx.db, () => {
    const insert = ctx.db.prepare(
      'INSERT INTO analytics_events (type, request_id, payload_json, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    for (const one of events)
      insert.run(
        one.type,
        eventRequestId(one, callRequestId, single),
        JSON.stringify(storedEvent(one)),
        now.toISOString(),
      );
    // The retention bound: by age, and by count so a flood cannot fill the disk within the age.
    ctx.db.prepare('DELETE FROM analytics_events WHERE created_at < ?').run(retentionCutoff(now).toISOString());
    ctx.db
      .prepare('DELETE FROM analytics_events WHERE id <= (SELECT MAX(id) FROM analytics_events) - ?')
      .run(ANALYTICS_MAX_ROWS);
  });
}

/** Chat widget script and the analytics sink. */
export const widgetsModule: RouteModule = {
  name: 'widgets',
  operations: [chatWidget, analytics],
  schema: `
CREATE TABLE IF NOT EXISTS analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  request_id TEXT,
  payload_json TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS analytics_events_created_at ON analytics_events (created_at);
CREATE UNIQUE INDEX IF NOT EXISTS analytics_events_once ON analytics_events (type, request_id)
  WHERE request_id IS NOT NULL;
`,
  register(app, ctx) {
    app.on(...at(chatWidget), valid('query', widgetQuery), (c) => {
      c.header('content-type', 'text/javascript; charset=utf-8');
      c.header('cache-control', 'no-store');
      return c.body(chatScript(c.req.valid('query').key, ctx.chatOnline));
    });

    const perClient = createRateLimiter(ANALYTICS_PER_CLIENT);
    ctx.limiters.push(perClient);
    app.on(
      ...at(analytics),
      async (c, next) => {
        if (limitsSkipped(c, ctx)) return next();
        return (
          overLimit(
            c,
            [{ limiter: perClient, key: clientKey(c), windowMs: ANALYTICS_PER_CLIENT.windowMs }],
            ctx.now().getTime(),
          ) ?? next()
        );
      },
      limitBody(ANALYTICS_MAX_BODY_BYTES, ANALYTICS_MAX_BODY_BYTES),
      valid('json', event),
      (c) => {
        const body = c.req.valid('json');
        const callRequestId = c.req.header('x-request-id');
        if (body.type !== 'batch') storeEvents(ctx, [body], callRequestId, true);
        else {
          const parsed = batch.safeParse(body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const field = issue?.path.at(-1) === 'request_id' ? 'request_id' : 'events';
            return c.json({ message: `${field}: ${issue?.message ?? 'invalid'}` }, 400);
          }
          storeEvents(ctx, parsed.data.events, callRequestId, false);
        }
        return c.json({ ok: true });
      },
    );

    if (ctx.mode === 'test') {
      app.get('/__test/analytics', valid('query', z.object({ type: z.string().max(40).optional() })), (c) => {
        const type = c.req.valid('query').type;
        const columns = 'id, type, request_id, payload_json, created_at';
        const rows = (
          type
            ? ctx.db.prepare(`SELECT ${columns} FROM analytics_events WHERE type = ? ORDER BY id`).all(type)
            : ctx.db.prepare(`SELECT ${columns} FROM analytics_events ORDER BY id`).all()
        ) as { id: number; type: string; request_id: string | null; payload_json: string; created_at: string }[];
        return c.json(
          rows.map((row) => ({
            id: row.id,
            type: row.type,
            request_id: row.request_id,
            created_at: row.created_at,
            payload: JSON.parse(row.payload_json) as unknown,
          })),
        );
      });
    }
  },
};
