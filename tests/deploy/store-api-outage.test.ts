import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangingStoreApi, startProductionEntry, type RunningEntry } from '../support/production-entry';

// The production entry as deployed (UPSTREAM_TIMEOUT_MS's default: 3 s a request) in front of a
// store API that takes every call and never answers. Before, each call waited 5 s of its own: the
// customer form's two calls in a row took 10 s. The bound below leaves a loaded machine 5 s of
// slack over the deadline and stays under those two waits.
const DEADLINE_MS = 3000;
const ANSWERED_WITHIN_MS = DEADLINE_MS + 5000;

const BASKET = 'BASKETN=4242';

async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now();
  const answer = await fetch(url, { redirect: 'manual', ...init });
  const text = await answer.text();
  return { status: answer.status, ms: performance.now() - started, text };
}

function loginPost(origin: string): RequestInit {
  return {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=customer%40example.com&password=Customer123%21',
  };
}

describe('a hanging store API, one request at a time', () => {
  let storeApi: Awaited<ReturnType<typeof hangingStoreApi>>;
  let entry: RunningEntry;
  beforeAll(async () => {
    storeApi = await hangingStoreApi();
    // The breaker kept shut: each page meets the hang itself.
    entry = await startProductionEntry({ STORE_API_URL: storeApi.url, UPSTREAM_BREAKER_FAILURES: '1000' });
  });
  afterAll(async () => {
    await entry.stop();
    await storeApi.close();
  });

  it('answers the customer form, which reads the basket and then the guest, within one deadline', async () => {
    const before = storeApi.calls().length;
    const page = await timed(`${entry.origin}/customer-form/?guest=true`, { headers: { cookie: BASKET } });
    expect(page.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(page.text).toContain('<h1');
    // The first call took the whole deadline: the second was not sent (page views go on their own).
    const pageCalls = storeApi
      .calls()
      .slice(before)
      .filter((call) => !call.startsWith('POST /analytics'));
    expect(pageCalls).toEqual(['GET /a/basket/4242']);
  });

  it('answers the cart within the deadline', async () => {
    const page = await timed(`${entry.origin}/`, { headers: { cookie: BASKET } });
    expect(page.ms).toBeLessThan(ANSWERED_WITHIN_MS);
  });
});

describe('a hanging store API and one shopper logging in again and again', () => {
  let storeApi: Awaited<ReturnType<typeof hangingStoreApi>>;
  let entry: RunningEntry;
  beforeAll(async () => {
    storeApi = await hangingStoreApi();
    entry = await startProductionEntry({ STORE_API_URL: storeApi.url });
  });
  afterAll(async () => {
    await entry.stop();
    await storeApi.close();
  });

  it('stops sending after three timeouts in a row: the breaker opens for a single shopper', async () => {
    for (let attempt = 0; attempt < 7; attempt++) {
      const login = await timed(`${entry.origin}/login/?_action=session.login`, loginPost(entry.origin));
      expect(login.ms, `login ${attempt + 1}`).toBeLessThan(ANSWERED_WITHIN_MS);
    }
    expect(storeApi.calls()).toHaveLength(3);
    expect(entry.lines().some((line) => line['msg'] === 'store API breaker open')).toBe(true);
  }, 60_000);
});
