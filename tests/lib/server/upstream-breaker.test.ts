import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  breakerSettings,
  createUpstreamBreaker,
  isTimeout,
  UpstreamOpenError,
  type BreakerState,
  type UpstreamBreaker,
} from '~/lib/server/upstream-breaker';

/** Many shoppers' calls: the window's share of timeouts decides; none meets the row rule. */
const SETTINGS = { minCalls: 3, failuresInRow: 100, openMs: 10_000, windowMs: 10_000 };
/** One shopper's calls, one after the other. */
const ONE_SHOPPER = { ...SETTINGS, minCalls: 100, failuresInRow: 3 };

/** A store API whose next answers the test decides: hang (the sender's timeout fires), refuse, or answer. */
function storeApi() {
  let mode: 'hang' | 'refuse' | 'answer' = 'answer';
  let status = 200;
  const send = vi.fn<typeof fetch>(() => {
    if (mode === 'hang')
      return Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    if (mode === 'refuse') return Promise.reject(new TypeError('fetch failed'));
    return Promise.resolve(new Response('{}', { status }));
  });
  return {
    send,
    hang: () => (mode = 'hang'),
    refuse: () => (mode = 'refuse'),
    answer: (next = 200) => {
      mode = 'answer';
      status = next;
    },
  };
}

const call = (breaker: UpstreamBreaker) => breaker.fetch('http://api.test/a/basket/1');

async function callsSettled(breaker: UpstreamBreaker, count: number): Promise<PromiseSettledResult<Response>[]> {
  const results: PromiseSettledResult<Response>[] = [];
  for (let index = 0; index < count; index++) results.push(...(await Promise.allSettled([call(breaker)])));
  return results;
}

describe('upstream breaker', () => {
  let breaker: UpstreamBreaker | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    breaker?.shutdown();
    vi.useRealTimers();
  });

  it('opens after repeated timeouts and then refuses at once without sending', async () => {
    const api = storeApi();
    const states: BreakerState[] = [];
    breaker = createUpstreamBreaker(api.send, SETTINGS, (state) => states.push(state));
    api.hang();
    const waited = await callsSettled(breaker, 3);
    expect(waited.every((result) => result.status === 'rejected' && isTimeout(result.reason))).toBe(true);
    expect(breaker.state()).toBe('open');
    expect(states).toEqual(['open']);

    await expect(call(breaker)).rejects.toBeInstanceOf(UpstreamOpenError);
    expect(api.send).toHaveBeenCalledTimes(3);
  });

  it('stays closed below the minimum number of calls', async () => {
    const api = storeApi();
    breaker = createUpstreamBreaker(api.send, SETTINGS);
    api.hang();
    await callsSettled(breaker, 2);
    expect(breaker.state()).toBe('closed');
  });

  it('never opens on answers of any status, nor on refused connections, which fail at once anyway', async () => {
    const api = storeApi();
    breaker = createUpstreamBreaker(api.send, SETTINGS);
    api.answer(503);
    const answered = await callsSettled(breaker, 5);
    expect(answered.map((result) => result.status === 'fulfilled' && result.value.status)).toEqual([
      503, 503, 503, 503, 503,
    ]);
    api.refuse();
    const refused = await callsSettled(breaker, 5);
    expect(refused.every((result) => result.status === 'rejected' && result.reason instanceof TypeError)).toBe(true);
    expect(breaker.state()).toBe('closed');
    expect(api.send).toHaveBeenCalledTimes(10);
  });

  it('forgets timeouts that have left the window', async () => {
    const api = storeApi();
    breaker = createUpstreamBreaker(api.send, SETTINGS);
    api.hang();
    await callsSettled(breaker, 2);
    await vi.advanceTimersByTimeAsync(SETTINGS.windowMs + 1000);
    await callsSettled(breaker, 1);
    expect(breaker.state()).toBe('closed');
  });

  it('after the open time lets one probe through, refusing the others meanwhile; its answer closes the breaker', async () => {
    const api = storeApi();
    const states: BreakerState[] = [];
    breaker = createUpstreamBreaker(api.send, SETTINGS, (state) => states.push(state));
    api.hang();
    await callsSettled(breaker, 3);
    await vi.advanceTimersByTimeAsync(SETTINGS.openMs - 1);
    await expect(call(breaker)).rejects.toBeInstanceOf(UpstreamOpenError);

    await vi.advanceTimersByTimeAsync(1);
    expect(breaker.state()).toBe('half-open');
    api.answer();
    const probe = call(breaker);
    await expect(call(breaker)).rejects.toBeInstanceOf(UpstreamOpenError);
    expect((await probe).status).toBe(200);
    expect(breaker.state()).toBe('closed');
    expect(states).toEqual(['open', 'half-open', 'closed']);

    expect((await call(breaker)).status).toBe(200);
    expect(api.send).toHaveBeenCalledTimes(5);
  });

  it('opens again for another open time when the probe times out too', async () => {
    const api = storeApi();
    breaker = createUpstreamBreaker(api.send, SETTINGS);
    api.hang();
    await callsSettled(breaker, 3);
    await vi.advanceTimersByTimeAsync(SETTINGS.openMs);
    await expect(call(breaker)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(breaker.state()).toBe('open');
    await expect(call(breaker)).rejects.toBeInstanceOf(UpstreamOpenError);
    await vi.advanceTimersByTimeAsync(SETTINGS.openMs);
    expect(breaker.state()).toBe('half-open');
  });
});

describe('upstream breaker for one shopper', () => {
  let breaker: UpstreamBreaker | undefined;
  afterEach(() => breaker?.shutdown());

  it('opens after timeouts in a row, well below the minimum of calls of the window', async () => {
    const api = storeApi();
    breaker = createUpstreamBreaker(api.send, ONE_SHOPPER);
    api.hang();
    await callsSettled(breaker, 2);
    expect(breaker.state()).toBe('closed');
    await callsSettled(breaker, 1);
    expect(breaker.state()).toBe('open');
    await expect(call(breaker)).rejects.toBeInstanceOf(UpstreamOpenError);
    expect(api.send).toHaveBeenCalledTimes(3);
  });

  it('starts counting again after any answer, or a refused connection', async () => {
    const api = storeApi();
    breaker = createUpstreamBreaker(api.send, ONE_SHOPPER);
    for (const between of [() => api.answer(500), () => api.refuse()]) {
      api.hang();
      await callsSettled(breaker, 2);
      between();
      await callsSettled(breaker, 1);
    }
    api.hang();
    await callsSettled(breaker, 2);
    expect(breaker.state()).toBe('closed');
  });
});

describe('breakerSettings', () => {
  it('takes the configured numbers and a window of at least two whole waits', () => {
    const base = { UPSTREAM_BREAKER_MIN_CALLS: 5, UPSTREAM_BREAKER_FAILURES: 3, UPSTREAM_BREAKER_OPEN_MS: 10_000 };
    expect(breakerSettings({ ...base, UPSTREAM_TIMEOUT_MS: 5000 })).toEqual({
      minCalls: 5,
      failuresInRow: 3,
      openMs: 10_000,
      windowMs: 10_000,
    });
    expect(breakerSettings({ ...base, UPSTREAM_TIMEOUT_MS: 30_000 }).windowMs).toBe(60_000);
  });
});
