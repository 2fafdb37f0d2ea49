import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { runInNewContext } from 'node:vm';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface Widget {
  online: boolean;
  open: () => boolean;
  minimise: () => void;
  on: (listener: (event: { action: string }) => void) => () => void;
}

/** Runs the served script in a tiny fake browser and returns the global it exposes. */
function load(script: string): Widget {
  const body = { appendChild: () => undefined };
  const element = () => ({
    setAttribute: () => undefined,
    appendChild: () => undefined,
    addEventListener: () => undefined,
    style: {},
    hidden: false,
    textContent: '',
  });
  const window: Record<string, unknown> = { dispatchEvent: () => true };
  runInNewContext(script, {
    window,
    document: { body, createElement: element },
    CustomEvent: class {},
    setTimeout: (fn: () => void) => fn(),
    Date,
  });
  return window['PartsChatWidget'] as Widget;
}

describe('chat widget', () => {
  it('serves a script whose widget opens, is served and minimises', async () => {
    const res = await api.call('GET', '/chat/widget.js?key=marine-chat-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const widget = load(res.body as string);
    const actions: string[] = [];
    widget.on((event) => actions.push(event.action));
    expect(widget.online).toBe(true);
    expect(widget.open()).toBe(true);
    widget.minimise();
    expect(actions.some((a) => a.includes('served'))).toBe(true);
    expect(actions.at(-1)).toContain('minimised');
  });

  it('goes offline through the test switch', async () => {
    await api.call('POST', '/__test/chat', { body: { online: false } });
    const widget = load((await api.call('GET', '/chat/widget.js?key=cycle-chat-key')).body as string);
    const actions: string[] = [];
    widget.on((event) => actions.push(event.action));
    expect(widget.online).toBe(false);
    expect(widget.open()).toBe(false);
    expect(actions).toEqual(['chat_offline']);
    await api.call('POST', '/__test/chat', { body: { online: true } });
  });

  it('needs a key', async () => {
    expect(await api.call('GET', '/chat/widget.js')).toMatchObject({ status: 400, body: { message: 'key: required' } });
    expect((await api.call('GET', '/chat/widget.js?key=%3Cscript%3E')).status).toBe(400);
  });
});

describe('analytics sink', () => {
  it('stores events and lists them in test mode', async () => {
    expect(
      await api.call('POST', '/analytics', { body: { type: 'page_view', path: '/cart/', locale: 'en' } }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    await api.call('POST', '/analytics', { body: { type: 'order', order_no: 1234, ordertotal: 10.5 } });
    const all = await api.call('GET', '/__test/analytics');
    expect((all.body as { type: string }[]).map((e) => e.type)).toEqual(['page_view', 'order']);
    const orders = await api.call('GET', '/__test/analytics?type=order');
    expect(orders.body).toEqual([
      expect.objectContaining({ type: 'order', payload: { type: 'order', order_no: 1234, ordertotal: 10.5 } }),
    ]);
  });

  it('refuses events without a type and hides the list outside test mode', async () => {
    expect(await api.call('POST', '/analytics', { body: { path: '/' } })).toMatchObject({
      status: 400,
      body: { message: 'type: required' },
    });
    const normal = await startTestApi({ mode: 'normal' });
    expect((await normal.call('GET', '/__test/analytics')).status).toBe(404);
    await normal.close();
  });
});

describe('analytics sink: a retry does not count twice', () => {
  type Row = { type: string; request_id: string | null; payload: { path?: string } };
  const listed = async (type: string) => (await api.call('GET', `/__test/analytics?type=${type}`)).body as Row[];

  it('records one event of a type per request id, answering the second as the first, in a batch or alone', async () => {
    const view = (path: string, id: string) => ({ type: 'retried_view', path, request_id: id });
    // A page nginx sent to a second instance after the first answered 503: each instance flushes its own batch.
    const first = await api.call('POST', '/analytics', {
      body: { type: 'batch', events: [view('/cart/', 'req-a'), view('/order-info/', 'req-b')] },
    });
    const again = await api.call('POST', '/analytics', {
      body: { type: 'batch', events: [view('/cart/', 'req-a'), view('/', 'req-c')] },
    });
    expect([first, again]).toMatchObject([
      { status: 200, body: { ok: true } },
      { status: 200, body: { ok: true } },
    ]);
    expect(await api.call('POST', '/analytics', { body: view('/cart/', 'req-b') })).toMatchObject({ status: 200 });
    expect((await listed('retried_view')).map((row) => [row.payload.path, row.request_id])).toEqual([
      ['/cart/', 'req-a'],
      ['/order-info/', 'req-b'],
      ['/', 'req-c'],
    ]);
  });

  it('keeps the same id apart for another type, and twice the same id within one batch once', async () => {
    await api.call('POST', '/analytics', {
      body: {
        type: 'batch',
        events: [
          { type: 'once_a', request_id: 'req-d' },
          { type: 'once_a', request_id: 'req-d' },
          { type: 'once_b', request_id: 'req-d' },
        ],
      },
    });
    expect(await listed('once_a')).toHaveLength(1);
    expect(await listed('once_b')).toHaveLength(1);
  });

  it("names a single event by its call's X-Request-Id, a batch's events by their own ids alone", async () => {
    const sent = (body: unknown) => api.call('POST', '/analytics', { body, headers: { 'x-request-id': 'call-1' } });
    await sent({ type: 'header_purchase', order: { order_no: 1 } });
    await sent({ type: 'header_purchase', order: { order_no: 1 } });
    expect((await listed('header_purchase')).map((row) => row.request_id)).toEqual(['call-1']);
    // The flush that sends a batch is one request: its id is no event's.
    await sent({ type: 'batch', events: [{ type: 'header_view' }, { type: 'header_view' }] });
    expect((await listed('header_view')).map((row) => row.request_id)).toEqual([null, null]);
    // Events without any id are all recorded, as before.
    await api.call('POST', '/analytics', { body: { type: 'header_plain' } });
    await api.call('POST', '/analytics', { body: { type: 'header_plain' } });
    expect(await listed('header_plain')).toHaveLength(2);
  });

  it('refuses a request id that could forge a log line or fill the index', async () => {
    expect(await api.call('POST', '/analytics', { body: { type: 'page_view', request_id: 'a b\nc' } })).toMatchObject({
      status: 400,
      body: { message: 'request_id: invalid' },
    });
    expect(
      await api.call('POST', '/analytics', {
        body: { type: 'batch', events: [{ type: 'page_view', request_id: 'x'.repeat(129) }] },
      }),
    ).toMatchObject({ status: 400, body: { message: 'request_id: invalid' } });
  });

  it("gives an older release's database the request id, and records once from then on", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analytics-'));
    const dbPath = join(dir, 'store.db');
    const old = new DatabaseSync(dbPath);
    old.exec(
      "CREATE TABLE analytics_events (id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, payload_json TEXT NOT NULL, created_at TEXT NOT NULL); INSERT INTO analytics_events (type, payload_json, created_at) VALUES ('old_view', '{}', '2999-01-01T00:00:00.000Z')",
    );
    old.close();
    const upgraded = await startTestApi({ dbPath });
    try {
      for (let time = 0; time < 2; time++)
        await upgraded.call('POST', '/analytics', { body: { type: 'old_view', request_id: 'req-old' } });
      const rows = (await upgraded.call('GET', '/__test/analytics?type=old_view')).body as Row[];
      expect(rows.map((row) => row.request_id)).toEqual([null, 'req-old']);
    } finally {
      await upgraded.close();
      upgraded.api.ctx.db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
