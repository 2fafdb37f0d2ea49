import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
