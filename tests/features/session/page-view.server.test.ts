import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageViewEvent, sendPageView } from '~/features/session/page-view.server';
import { flushPageViews } from '~/lib/server/observability/page-view-sink.mjs';
import { runWithRequest } from '~/lib/server/observability/request-context';
import { fakeStoreApi, type SentCall } from '../../support/store-api-calls';

let calls: SentCall[];

beforeEach(() => {
  const api = fakeStoreApi(() => Response.json({ ok: true }));
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => vi.unstubAllGlobals());

const view = { path: '/order-info/?email=a@example.com', locale: 'es', referrer: 'https://a.example/p/?token=t' };

describe('a page view as the analytics sink records it', () => {
  it('names the request that drew the page, so the same request drawn twice counts once', () => {
    expect(pageViewEvent(view, 'req-1', 1000)).toEqual({
      type: 'page_view',
      path: '/order-info/',
      locale: 'es',
      referrer: 'https://a.example/p/',
      store_id: 'marine',
      timestamp: 1000,
      request_id: 'req-1',
    });
    expect(pageViewEvent(view, undefined, 1000)).not.toHaveProperty('request_id');
  });

  it("queues each view with its own request's id, and the batch the drain sends carries them", async () => {
    // Views an earlier file in this worker queued go first.
    await flushPageViews();
    calls.length = 0;
    runWithRequest({ requestId: 'nginx-id-1' }, () => sendPageView(view));
    runWithRequest({ requestId: 'nginx-id-2' }, () => sendPageView({ ...view, path: '/' }));
    await flushPageViews();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toMatch(/\/analytics$/);
    const body = calls[0]?.body as { type: string; events: { path: string; request_id: string }[] };
    expect(body.type).toBe('batch');
    expect(body.events.map((event) => [event.path, event.request_id])).toEqual([
      ['/order-info/', 'nginx-id-1'],
      ['/', 'nginx-id-2'],
    ]);
  });
});
