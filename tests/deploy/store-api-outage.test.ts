import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, hangingStoreApi, startProductionEntry, type RunningEntry } from '../support/production-entry';

// The production entry as deployed (UPSTREAM_TIMEOUT_MS's default: 3 s a request) in front of a
// store API that takes every call and never answers. Before, each call waited 5 s of its own: the
// customer form's two calls in a row took 10 s. The bound below leaves a loaded machine 5 s of
// slack over the deadline and stays under those two waits.
const DEADLINE_MS = 3000;
const ANSWERED_WITHIN_MS = DEADLINE_MS + 5000;

const BASKET = 'BASKETN=4242';

interface Timed {
  status: number;
  headers: Headers;
  ms: number;
  text: string;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const answer = await fetch(url, { redirect: 'manual', ...init });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, ms: performance.now() - started, text };
}

/** What balancers, caches and monitors must see of a page the outage left without what it exists for. */
function expectOutageAnswer(page: Timed): void {
  expect(page.status).toBe(503);
  // UPSTREAM_BREAKER_OPEN_MS's default: when the breaker lets its probe through.
  expect(page.headers.get('retry-after')).toBe('10');
  expect(page.headers.get('cache-control')).toBe('no-store');
}

/** A plain form post of this site, as a browser without JavaScript sends it. */
function formPost(origin: string, fields: Record<string, string>, cookie = ''): RequestInit {
  return {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  };
}

function loginPost(origin: string): RequestInit {
  return formPost(origin, { username: 'customer@example.com', password: 'Customer123!' });
}

/** A signed-in customer's cookies: claims beside an access token that is not yet due for renewal. */
function customerCookies(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const access = `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 4_000_000_000 })}.c2ln`;
  const claims = encodeURIComponent(JSON.stringify({ role: 'customer', userid: 1, email: 'customer@example.com' }));
  return `ps_access=${access}; ps_session=${claims}`;
}

const GUEST_DETAILS = {
  mode: 'guest',
  basketNum: '4242',
  email: 'ana@example.com',
  'shipping.firstname': 'Ana',
  'shipping.lastname': 'Lee',
  'shipping.address1': '100 Main St',
  'shipping.city': 'Springfield',
  'shipping.state': 'IL',
  'shipping.zip': '62701',
  'shipping.country': 'US^United States',
  'shipping.phone': '2175550100',
};

describe('a hanging store API, one request at a time', () => {
  let storeApi: Awaited<ReturnType<typeof hangingStoreApi>>;
  let entry: RunningEntry;
  beforeAll(async () => {
    storeApi = await hangingStoreApi();
    // The breaker kept shut: each page meets the hang itself.
    entry = await startProductionEntry({ STORE_API_URL: storeApi.url, UPSTREAM_BREAKER_MIN_CALLS: '1000' });
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
    expectOutageAnswer(page);
  });
});

describe('a hanging store API and one shopper logging in again and again', () => {
  let metricsPort: number;
  let storeApi: Awaited<ReturnType<typeof hangingStoreApi>>;
  let entry: RunningEntry;
  beforeAll(async () => {
    storeApi = await hangingStoreApi();
    metricsPort = await freePort();
    entry = await startProductionEntry({ STORE_API_URL: storeApi.url, METRICS_PORT: String(metricsPort) });
  });
  afterAll(async () => {
    await entry.stop();
    await storeApi.close();
  });

  it('stops sending logins after two timeouts: the account breaker opens for a single shopper, the others stay closed', async () => {
    for (let attempt = 0; attempt < 7; attempt++) {
      const login = await timed(`${entry.origin}/login/?_action=session.login`, loginPost(entry.origin));
      expect(login.ms, `login ${attempt + 1}`).toBeLessThan(ANSWERED_WITHIN_MS);
      expectOutageAnswer(login);
    }
    // Page views go to their own group (analytics) and are sent on their own. Two logins open the
    // breaker; a loaded machine may hold a timeout against itself rather than the store API.
    const logins = storeApi.calls().filter((call) => !call.startsWith('POST /analytics'));
    expect(logins.every((call) => call === 'POST /v2/auth/login')).toBe(true);
    expect(logins.length).toBeGreaterThanOrEqual(2);
    expect(logins.length).toBeLessThan(7);
    expect(entry.lines().some((line) => line['msg'] === 'store API breaker open' && line['group'] === 'account')).toBe(
      true,
    );
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toContain('upstream_breaker_state{group="account",state="open"} 1');
    expect(metrics).toContain('upstream_breaker_state{group="account",state="closed"} 0');
    expect(metrics).toContain('upstream_breaker_state{group="basket",state="closed"} 1');
  }, 60_000);
});

describe('a store API that is down', () => {
  let entry: RunningEntry;
  beforeAll(async () => {
    entry = await startProductionEntry({ STORE_API_URL: `http://127.0.0.1:${await freePort()}/` });
  });
  afterAll(() => entry.stop());

  it('answers the cart 503, still drawing its error state with retry and keeping the basket', async () => {
    const page = await timed(`${entry.origin}/`, { headers: { cookie: BASKET } });
    expectOutageAnswer(page);
    expect(page.text).toContain('We couldn’t load your cart.');
    expect(page.headers.get('set-cookie') ?? '').not.toMatch(/BASKETN=;/);
  });

  it('answers the customer form 503', async () => {
    expectOutageAnswer(await timed(`${entry.origin}/customer-form/?guest=true`, { headers: { cookie: BASKET } }));
  });

  it('answers a login 503, not a refusal, keeping what the shopper typed', async () => {
    const login = await timed(`${entry.origin}/login/?_action=session.login`, loginPost(entry.origin));
    expectOutageAnswer(login);
    expect(login.text).toContain('value="customer@example.com"');
  });

  it('answers a password reset 503, saying it failed', async () => {
    const reset = await timed(`${entry.origin}/recover-password/?_action=session.recoverPassword`, {
      method: 'POST',
      headers: { origin: entry.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=customer%40example.com',
    });
    expectOutageAnswer(reset);
    expect(reset.text).toContain('Request failed');
  });

  it("answers the customer form's own post 503, not a refusal, keeping what the shopper typed", async () => {
    const post = await timed(
      `${entry.origin}/customer-form/?guest=true&_action=customerForm.submit`,
      formPost(entry.origin, GUEST_DETAILS, BASKET),
    );
    expectOutageAnswer(post);
    expect(post.text).toContain('100 Main St');
  });

  it('answers an account settings change 503, keeping the address typed', async () => {
    const post = await timed(
      `${entry.origin}/account-settings/?_action=account.changeEmail`,
      formPost(entry.origin, { emailAddress: 'new@example.com', passwordold: 'Customer123!' }, customerCookies()),
    );
    expectOutageAnswer(post);
    expect(post.text).toContain('new@example.com');
  });

  it('answers an order lookup 503, keeping the lookup typed', async () => {
    const post = await timed(
      `${entry.origin}/order-info/?_action=orders.lookup`,
      formPost(entry.origin, { email: 'ana@example.com', mode: 'order', order_no: '601301', invoice_no: '' }),
    );
    expectOutageAnswer(post);
    expect(post.text).toContain('601301');
  });

  it('answers account settings 503, drawing its error state with Try again, a link to the page before it wakes', async () => {
    const page = await timed(`${entry.origin}/fr/account-settings/`, { headers: { cookie: customerCookies() } });
    expectOutageAnswer(page);
    expect(page.text).toContain('obtenir les informations de');
    expect(page.text).toMatch(/<a class="button" href="\/fr\/account-settings\/">[^<]+<\/a>/);
  });

  it('answers review order 503, drawing the addresses it could not read with Try again, not a loader', async () => {
    const page = await timed(`${entry.origin}/review-order/`, {
      headers: { cookie: `${customerCookies()}; ${BASKET}` },
    });
    expectOutageAnswer(page);
    // The island's drawing is the error itself (its props carry every phrase, the loader's too).
    expect(page.text).toMatch(
      /await-children><div class="notice notice--error" role="alert"><p>can(&#x27;|')t get address<\/p><p>[^<]+<\/p><a class="button" href="\/review-order\/">Try again<\/a>/,
    );
  });

  it('answers 200 for a page that needs nothing of the store API', async () => {
    expect((await timed(`${entry.origin}/return-policy/`)).status).toBe(200);
  });
});

describe('a store API that refuses the session and its refresh', () => {
  let storeApi: Server;
  let entry: RunningEntry;
  beforeAll(async () => {
    storeApi = createServer((_, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"invalid token"}');
    });
    await new Promise<void>((resolve) => storeApi.listen(0, '127.0.0.1', resolve));
    const { port } = storeApi.address() as AddressInfo;
    entry = await startProductionEntry({ STORE_API_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await entry.stop();
    storeApi.closeAllConnections();
    await new Promise((resolve) => storeApi.close(resolve));
  });

  it('sends account settings to log in again, its token cookies cleared, and draws no page for the person', async () => {
    const page = await timed(`${entry.origin}/account-settings/`, {
      headers: { cookie: `${customerCookies()}; ps_refresh=spent; ${BASKET}` },
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login/?logOut=true&redirect=%2Faccount-settings%2F');
    const cleared = page.headers
      .getSetCookie()
      .filter((cookie) => /=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie));
    expect(cleared.map((cookie) => cookie.split('=')[0])).toEqual(expect.arrayContaining(['ps_access', 'ps_refresh']));
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith('BASKETN=;'))).toBe(false);
  });
});
