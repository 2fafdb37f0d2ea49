import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BreakerGroup } from '~/lib/server/breaker-groups';
import {
  breakerSettings,
  createUpstreamBreakers,
  isTimeout,
  UpstreamOpenError,
  type BreakerState,
  type UpstreamBreakers,
} from '~/lib/server/upstream-breaker';

const ROOT = new URL('http://api.test/');
const SETTINGS = { minCalls: 3, openMs: 10_000, windowMs: 10_000 };

/** A store API whose next answers the test decides per path: hang (the sender's timeout fires), refuse, or answer. */
function storeApi() {
  const modes = new Map<string, 'hang' | 'refuse' | 'answer'>();
  let status = 200;
  const send = vi.fn<typeof fetch>((input) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const mode = [...modes].find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'answer';
    if (mode === 'hang')
      return Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    if (mode === 'refuse') return Promise.reject(new TypeError('fetch failed'));
    return Promise.resolve(new Response('{}', { status }));
  });
  return {
    send,
    hang: (prefix = '/') => modes.set(prefix, 'hang'),
    refuse: (prefix = '/') => modes.set(prefix, 'refuse'),
    answer: (next = 200) => {
      modes.clear();
      status = next;
    },
  };
}

const BASKET = 'http://api.test/a/basket/1';
const LOGIN = 'http://api.test/v2/auth/login';
const ANALYTICS = 'http://api.test/analytics';

async function callsSettled(breakers: UpstreamBreakers, count: number, url = BASKET) {
  const results: PromiseSettledResult<Response>[] = [];
  for (let index = 0; index < count; index++) results.push(...(await Promise.allSettled([breakers.fetch(url)])));
  return results;
}

describe('upstream breakers', () => {
  let breakers: UpstreamBreakers | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    breakers?.shutdown();
    vi.useRealTimers();
  });

  it('open a group after its timeouts reach the minimum of calls, then refuse it at once without sending', async () => {
    const api = storeApi();
    const changes: [BreakerGroup, BreakerState][] = [];
    breakers = createUpstreamBreakers(api.send, SETTINGS, {
      root: ROOT,
      onChange: (group, state) => changes.push([group, state]),
    });
    api.hang();
    const waited = await callsSettled(breakers, 3);
    expect(waited.every((result) => result.status === 'rejected' && isTimeout(result.reason))).toBe(true);
    expect(breakers.state('basket')).toBe('open');
    expect(changes).toEqual([['basket', 'open']]);

    const refused = breakers.fetch(BASKET);
    await expect(refused).rejects.toBeInstanceOf(UpstreamOpenError);
    await expect(refused).rejects.toMatchObject({ group: 'basket' });
    expect(api.send).toHaveBeenCalledTimes(3);
  });

  it('stay closed below the minimum of calls', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT });
    api.hang();
    await callsSettled(breakers, 2);
    expect(breakers.state('basket')).toBe('closed');
  });

  it('keep the other groups open to calls: slow logins refuse no cart, and answered analytics hide no hanging basket', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT });
    api.hang('/v2/auth/');
    await callsSettled(breakers, 3, LOGIN);
    expect(breakers.state('account')).toBe('open');
    expect((await breakers.fetch(BASKET)).status).toBe(200);
    expect(breakers.state('basket')).toBe('closed');

    api.answer();
    api.hang('/a/basket/');
    for (let index = 0; index < 3; index++) {
      await callsSettled(breakers, 1, BASKET);
      expect((await breakers.fetch(ANALYTICS)).status).toBe(200);
    }
    expect(breakers.state('basket')).toBe('open');
    expect(breakers.state('analytics')).toBe('closed');
  });

  it('open on the share of timeouts: half of the window answering keeps a group closed', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT });
    for (let index = 0; index < 4; index++) {
      api.answer();
      await callsSettled(breakers, 1);
      api.hang();
      await callsSettled(breakers, 1);
    }
    expect(breakers.state('basket')).toBe('closed');
    await callsSettled(breakers, 1);
    expect(breakers.state('basket')).toBe('open');
  });

  it('never open on answers of any status, nor on refused connections, which fail at once anyway', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT });
    api.answer(503);
    const answered = await callsSettled(breakers, 5);
    expect(answered.map((result) => result.status === 'fulfilled' && result.value.status)).toEqual([
      503, 503, 503, 503, 503,
    ]);
    api.refuse();
    const refused = await callsSettled(breakers, 5);
    expect(refused.every((result) => result.status === 'rejected' && result.reason instanceof TypeError)).toBe(true);
    expect(breakers.state('basket')).toBe('closed');
    expect(api.send).toHaveBeenCalledTimes(10);
  });

  it('hold no timeout against the store API while this instance is saturated', async () => {
    const api = storeApi();
    let saturated = true;
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT, saturated: () => saturated });
    api.hang();
    await callsSettled(breakers, 6);
    expect(breakers.state('basket')).toBe('closed');
    saturated = false;
    await callsSettled(breakers, 12);
    expect(breakers.state('basket')).toBe('open');
  });

  it('forget timeouts that have left the window', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT });
    api.hang();
    await callsSettled(breakers, 2);
    await vi.advanceTimersByTimeAsync(SETTINGS.windowMs + 1000);
    await callsSettled(breakers, 1);
    expect(breakers.state('basket')).toBe('closed');
  });

  it('after the open time let one probe of the group through, refusing the others meanwhile; its answer closes the breaker', async () => {
    const api = storeApi();
    const changes: BreakerState[] = [];
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT, onChange: (_, state) => changes.push(state) });
    api.hang();
    await callsSettled(breakers, 3);
    await vi.advanceTimersByTimeAsync(SETTINGS.openMs - 1);
    await expect(breakers.fetch(BASKET)).rejects.toBeInstanceOf(UpstreamOpenError);

    await vi.advanceTimersByTimeAsync(1);
    expect(breakers.state('basket')).toBe('half-open');
    api.answer();
    const probe = breakers.fetch(BASKET);
    await expect(breakers.fetch(BASKET)).rejects.toBeInstanceOf(UpstreamOpenError);
    expect((await probe).status).toBe(200);
    expect(breakers.state('basket')).toBe('closed');
    expect(changes).toEqual(['open', 'half-open', 'closed']);

    expect((await breakers.fetch(BASKET)).status).toBe(200);
    expect(api.send).toHaveBeenCalledTimes(5);
  });

  it('open again for another open time when the probe times out too', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: ROOT });
    api.hang();
    await callsSettled(breakers, 3);
    await vi.advanceTimersByTimeAsync(SETTINGS.openMs);
    await expect(breakers.fetch(BASKET)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(breakers.state('basket')).toBe('open');
    await expect(breakers.fetch(BASKET)).rejects.toBeInstanceOf(UpstreamOpenError);
    await vi.advanceTimersByTimeAsync(SETTINGS.openMs);
    expect(breakers.state('basket')).toBe('half-open');
  });

  it('group calls below a store API root with a path, and a Request as ky sends it', async () => {
    const api = storeApi();
    breakers = createUpstreamBreakers(api.send, SETTINGS, { root: new URL('http://api.test/store/') });
    api.hang('/store/a/basket/');
    for (let index = 0; index < 3; index++)
      await Promise.allSettled([breakers.fetch(new Request('http://api.test/store/a/basket/7'))]);
    expect(breakers.state('basket')).toBe('open');
    expect(breakers.state('other')).toBe('closed');
  });
});

describe('breakerSettings', () => {
  it('takes the configured numbers and a window of at least four whole waits', () => {
    const base = { UPSTREAM_BREAKER_MIN_CALLS: 2, UPSTREAM_BREAKER_OPEN_MS: 10_000 };
    expect(breakerSettings({ ...base, UPSTREAM_TIMEOUT_MS: 3000 })).toEqual({
      minCalls: 2,
      openMs: 10_000,
      windowMs: 12_000,
    });
    expect(breakerSettings({ ...base, UPSTREAM_TIMEOUT_MS: 1000 }).windowMs).toBe(10_000);
  });
});
