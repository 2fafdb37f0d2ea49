import { beforeEach, describe, expect, it } from 'vitest';
import { handleProxy, type ProxyDeps, type ProxyOutput } from '~/lib/server/proxy/handler';
import type { CookieOp } from '~/lib/session/cookie-options';
import { ownRecord, type OrderRecord } from '~/lib/session/order-record';
import { TEST_PROXY_MESSAGES } from '../../../support/proxy-messages';
import { fakeStoreApi, type SentCall } from '../../../support/store-api-calls';

let calls: SentCall[];

function deps(answer: (call: SentCall) => Response | Promise<Response>, overrides: Partial<ProxyDeps> = {}): ProxyDeps {
  const api = fakeStoreApi(answer);
  calls = api.calls;
  return {
    baseUrl: 'http://api.test/',
    timeoutMs: 200,
    production: false,
    siteOrigins: ['http://site.test'],
    secureCookies: false,
    purchasesBlocked: false,
    messages: TEST_PROXY_MESSAGES,
    fetch: api.fetch,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function browser(
  path: string,
  init: { method?: string; body?: unknown; origin?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (init.origin !== undefined) headers['origin'] = init.origin;
  const request = new Request(`http://site.test/api/${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const url = new URL(request.url);
  return { request, path: url.pathname.replace(/^\/api\//, ''), search: url.search };
}

const bodyOf = (output: ProxyOutput): unknown =>
  JSON.parse(typeof output.body === 'string' ? output.body : new TextDecoder().decode(output.body ?? new Uint8Array()));

const deletedNames = (cookies: CookieOp[]) =>
  cookies
    .filter((op) => 'delete' in op)
    .map((op) => op.name)
    .sort();
const valueOf = (cookies: CookieOp[], name: string) => {
  const op = cookies.find((entry) => entry.name === name && !('delete' in entry));
  return op && !('delete' in op) ? op.value : undefined;
};

beforeEach(() => {
  calls = [];
});

describe('proxy', () => {
  it('answers 404 to anything outside the allowlist without calling the API', async () => {
    const output = await handleProxy(
      deps(() => json({})),
      {
        ...browser('__test/reset', { method: 'POST', origin: 'http://site.test' }),
        accessToken: undefined,
        refreshToken: undefined,
      },
    );
    expect(output.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it('while purchases are blocked refuses shipping, checkout and wallet calls with the migration message, and passes the rest', async () => {
    const blocked = deps(() => json({ ok: true }), { purchasesBlocked: true });
    const buying = [
      ['POST', 'a/user/shipping/B1/'],
      ['POST', 'a/shipping/B1/'],
      ['POST', 'a/user/checkout/B1/'],
      ['POST', 'a/checkout/B1/'],
      ['GET', 'paypal/approve/EC-1/'],
    ] as const;
    for (const [method, path] of buying) {
      const output = await handleProxy(blocked, {
        ...browser(path, { method, origin: 'http://site.test', ...(method === 'POST' ? { body: {} } : {}) }),
        accessToken: 'a',
        refreshToken: undefined,
      });
      expect([path, output.status, bodyOf(output)]).toEqual([
        path,
        403,
        { message: 'Purchases are paused', purchasesBlocked: true },
      ]);
    }
    expect(calls).toHaveLength(0);
    const basket = await handleProxy(blocked, {
      ...browser('a/basket/B1/'),
      accessToken: undefined,
      refreshToken: undefined,
    });
    expect(basket.status).toBe(200);
    const open = await handleProxy(
      deps(() => json({ ok: true })),
      {
        ...browser('a/checkout/B1/', { method: 'POST', origin: 'http://site.test', body: {} }),
        accessToken: undefined,
        refreshToken: undefined,
      },
    );
    expect(open.status).toBe(200);
  });

  it('refuses a cross-origin POST with 403', async () => {
    const output = await handleProxy(
      deps(() => json({})),
      {
        ...browser('a/item/1/1', { method: 'POST', origin: 'https://evil.example' }),
        accessToken: 'a',
        refreshToken: 'r',
      },
    );
    expect(output.status).toBe(403);
    expect(calls).toEqual([]);
  });

  it('forwards method, query and body with the bearer from the cookie', async () => {
    const output = await handleProxy(
      deps(() => json({ BASKETNUM: 'B1' })),
      {
        ...browser('a/item/15732/2?basketNum=B1&store_id=marine', {
          method: 'POST',
          origin: 'http://site.test',
          body: { x: 1 },
        }),
        accessToken: 'access-1',
        refreshToken: undefined,
      },
    );
    expect(output.status).toBe(200);
    expect(bodyOf(output)).toEqual({ BASKETNUM: 'B1' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/a/item/15732/2?basketNum=B1&store_id=marine',
      body: { x: 1 },
    });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('forwards each path in the spelling of the API, whatever the trailing slash', async () => {
    const d = deps(() => json({}));
    await handleProxy(d, { ...browser('a/basket/B1/'), accessToken: undefined, refreshToken: undefined });
    await handleProxy(d, { ...browser('a/user'), accessToken: undefined, refreshToken: undefined });
    await handleProxy(d, {
      ...browser('v2/orders/history/?from_date=2026-01-01'),
      accessToken: undefined,
      refreshToken: undefined,
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/a/basket/B1',
      '/a/user/',
      '/v2/orders/history?from_date=2026-01-01',
    ]);
  });

  it('answers 413 to a body over the limit', async () => {
    const output = await handleProxy(
      deps(() => json({})),
      {
        ...browser('a/basket/bulk', {
          method: 'POST',
          origin: 'http://site.test',
          body: { items: 'x'.repeat(600 * 1024) },
        }),
        accessToken: undefined,
        refreshToken: undefined,
      },
    );
    expect(output.status).toBe(413);
    expect(bodyOf(output)).toEqual({ message: 'too large' });
  });

  it('answers 504 with a message when the API does not answer in time', async () => {
    const output = await handleProxy(
      deps(() => new Promise<Response>(() => undefined)),
      { ...browser('a/basket/B1'), accessToken: undefined, refreshToken: undefined },
    );
    expect(output.status).toBe(504);
    expect(bodyOf(output)).toEqual({ message: 'timed out', unanswered: true });
  });

  it('answers 502 marked as unanswered when the connection to the API fails', async () => {
    const output = await handleProxy(
      deps(() => Promise.reject(new TypeError('fetch failed'))),
      { ...browser('a/basket/B1'), accessToken: undefined, refreshToken: undefined },
    );
    expect(output.status).toBe(502);
    expect(bodyOf(output)).toEqual({ message: 'unreachable', unanswered: true });
  });

  it('forwards no session call: sign-in, refresh and logout are the session actions and the page guard', async () => {
    for (const path of ['v2/auth/login', 'v2/auth/refresh', 'v2/auth/logout']) {
      const output = await handleProxy(
        deps(() => json({ token: 't', refreshToken: 'r', user: { userid: 3, role: 'customer' } })),
        {
          ...browser(path, { method: 'POST', origin: 'http://site.test', body: { username: 'c@x', password: 'p' } }),
          accessToken: 'a',
          refreshToken: 'r',
        },
      );
      expect(output.status, path).toBe(404);
      expect(output.cookies, path).toEqual([]);
    }
    expect(calls).toEqual([]);
  });

  it('forwards no saving of the customer form: the form saves by its action', async () => {
    for (const [method, path] of [
      ['POST', 'v2/customers/subscribers'],
      ['POST', 'v2/customers'],
      ['PATCH', 'v2/customers'],
      ['POST', 'a/guest/B9'],
    ] as const) {
      const output = await handleProxy(
        deps(() => json({ token: 't', refreshToken: 'r', user: { userid: 3, role: 'customer' } })),
        {
          ...browser(path, { method, origin: 'http://site.test', body: {} }),
          accessToken: 'old',
          refreshToken: 'old-r',
        },
      );
      expect(output.status).toBe(404);
      expect(output.cookies).toEqual([]);
    }
    expect(calls).toEqual([]);
  });

  it('on 401 refreshes once, rewrites the cookies and retries', async () => {
    const output = await handleProxy(
      deps((call) => {
        if (call.path === '/v2/auth/refresh') return json({ token: 'new-acc', refreshToken: 'new-ref' });
        return call.headers.get('authorization') === 'Bearer new-acc'
          ? json({ user: { id: 1 } })
          : json({ message: 'token expired' }, 401);
      }),
      {
        ...browser('a/user/', { headers: { cookie: 'ps_access=old-acc', app: 'parts-store-front 15.1.0' } }),
        accessToken: 'old-acc',
        refreshToken: 'old-ref',
      },
    );
    expect(output.status).toBe(200);
    // The refresh carries the App header but nothing of the browser call (cookies, lengths).
    expect(calls[1]?.headers.get('app')).toBe('parts-store-front 15.1.0');
    expect(calls[1]?.headers.get('cookie')).toBeNull();
    expect(calls[1]?.headers.get('authorization')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/a/user/', '/v2/auth/refresh', '/a/user/']);
    expect(calls[1]?.body).toMatchObject({ refreshToken: 'old-ref' });
    expect(valueOf(output.cookies, 'ps_access')).toBe('new-acc');
    expect(valueOf(output.cookies, 'ps_refresh')).toBe('new-ref');
  });

  it('refreshes for a call with a body without passing its length on', async () => {
    const output = await handleProxy(
      deps((call) => {
        if (call.path === '/v2/auth/refresh') {
          expect(call.headers.get('content-length')).toBeNull();
          return json({ token: 'new-acc', refreshToken: 'new-ref' });
        }
        return call.headers.get('authorization') === 'Bearer new-acc'
          ? json({ message: 'bad address' }, 422)
          : json({ message: 'invalid token' }, 401);
      }),
      {
        ...browser('v2/address/validate', {
          method: 'POST',
          origin: 'http://site.test',
          body: { street: 'x', city: 'y', zip: 'z' },
          headers: { 'content-length': '38' },
        }),
        accessToken: 'garbage',
        refreshToken: 'ref-b',
      },
    );
    expect(output.status).toBe(422);
    expect(calls.map((call) => call.path)).toEqual([
      '/v2/address/validate',
      '/v2/auth/refresh',
      '/v2/address/validate',
    ]);
  });

  it('a failed refresh clears the auth cookies and answers 401 with the logged-out marker', async () => {
    const output = await handleProxy(
      deps((call) =>
        call.path === '/v2/auth/refresh'
          ? json({ message: 'invalid refresh token' }, 401)
          : json({ message: 'token expired' }, 401),
      ),
      { ...browser('a/user/'), accessToken: 'old-acc', refreshToken: 'old-ref' },
    );
    expect(output.status).toBe(401);
    expect(output.headers.get('x-logged-out')).toBe('1');
    expect(bodyOf(output)).toMatchObject({ loggedOut: true, message: 'You were logged out!' });
    expect(deletedNames(output.cookies)).toEqual(['ps_access', 'ps_refresh', 'ps_session']);
    expect(output.cookies.map((op) => op.name)).not.toContain('BASKETN');
  });

  it('a basket edit whose session ended on the way is sent again signed out: the edit is kept, the session cleared and marked', async () => {
    const output = await handleProxy(
      deps((call) => {
        if (call.path === '/v2/auth/refresh') return json({ message: 'invalid refresh token' }, 401);
        return call.headers.get('authorization')
          ? json({ message: 'token expired' }, 401)
          : json({ ORDER: { itemCount: 3 } });
      }),
      {
        ...browser('a/item/2043/3/', { method: 'PATCH', origin: 'http://site.test', body: { basketNum: 'B1' } }),
        accessToken: 'old-acc',
        refreshToken: 'old-ref',
      },
    );
    expect(output.status).toBe(200);
    expect(bodyOf(output)).toEqual({ ORDER: { itemCount: 3 } });
    expect(calls.map((call) => [call.path, Boolean(call.headers.get('authorization'))])).toEqual([
      ['/a/item/2043/3', true],
      ['/v2/auth/refresh', false],
      ['/a/item/2043/3', false],
    ]);
    expect(output.headers.get('x-logged-out')).toBe('1');
    expect(output.headers.get('x-signed-out')).toBe('1');
    expect(deletedNames(output.cookies)).toEqual(['ps_access', 'ps_refresh', 'ps_session']);
  });

  it('marks an answer to a call made without a token, so a page drawn for a customer learns the session is gone', async () => {
    const answer = deps(() => json({ ORDER: {} }));
    const anonymous = await handleProxy(answer, {
      ...browser('a/basket/B1/'),
      accessToken: undefined,
      refreshToken: undefined,
    });
    expect(anonymous.headers.get('x-signed-out')).toBe('1');
    expect(anonymous.headers.get('x-logged-out')).toBeNull();
    const customer = await handleProxy(answer, { ...browser('a/basket/B1/'), accessToken: 'acc', refreshToken: 'ref' });
    expect(customer.headers.get('x-signed-out')).toBeNull();
  });

  it('a renewal the store API does not answer ends nothing: 502 unanswered, the session cookies kept', async () => {
    const output = await handleProxy(
      deps((call) =>
        call.path === '/v2/auth/refresh'
          ? Promise.reject(new TypeError('fetch failed'))
          : json({ message: 'token expired' }, 401),
      ),
      { ...browser('a/user/'), accessToken: 'old-acc', refreshToken: 'old-ref' },
    );
    expect(output.status).toBe(502);
    expect(bodyOf(output)).toEqual({ message: 'unreachable', unanswered: true });
    expect(output.headers.get('x-logged-out')).toBeNull();
    expect(output.cookies).toEqual([]);
  });

  it('a stale token is renewed before the call, and the renewed cookies kept when the call then gets no answer', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 1000 })}.c2ln`;
    const output = await handleProxy(
      deps((call) =>
        call.path === '/v2/auth/refresh'
          ? json({ token: 'new-acc', refreshToken: 'new-ref' })
          : new Promise<Response>(() => undefined),
      ),
      { ...browser('a/basket/B1'), accessToken: expired, refreshToken: 'old-ref' },
    );
    expect(calls.map((call) => call.path)).toEqual(['/v2/auth/refresh', '/a/basket/B1']);
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer new-acc');
    expect(output.status).toBe(504);
    expect(valueOf(output.cookies, 'ps_refresh')).toBe('new-ref');
  });

  it('reading a guest record on this site turns the visitor into a guest and removes tokens', async () => {
    const output = await handleProxy(
      deps(() => json({ email: 'g@x' })),
      {
        ...browser('a/guest/B9', {}),
        accessToken: 'A',
        refreshToken: 'R',
      },
    );
    expect(output.status).toBe(200);
    expect(valueOf(output.cookies, 'ps_guest')).toBe('B9');
    // A new guest record ends the record of an earlier order: the next guest never sees its confirmation.
    expect(deletedNames(output.cookies)).toEqual(['ps_access', 'ps_order', 'ps_refresh']);
  });

  it("sends the visitor's basket key, never one the browser names", async () => {
    await handleProxy(
      deps(() => json({ BASKET: [] })),
      {
        ...browser('a/basket/B9', { headers: { 'x-basket-key': 'from-the-page-0123456789' } }),
        accessToken: undefined,
        refreshToken: undefined,
        basketKey: 'from-the-cookie-0123456789',
      },
    );
    expect(calls[0]?.headers.get('x-basket-key')).toBe('from-the-cookie-0123456789');
  });

  it('a guest-record read started by another site changes no session cookie', async () => {
    const output = await handleProxy(
      deps(() => json({ email: 'g@x' })),
      {
        ...browser('a/guest/B9', { headers: { 'sec-fetch-site': 'cross-site' } }),
        accessToken: 'A',
        refreshToken: 'R',
      },
    );
    expect(output.status).toBe(200);
    expect(output.cookies).toEqual([]);
  });

  it('passes the rate-limit-disable header only outside production', async () => {
    const request = () => ({
      ...browser('a/basket', {
        method: 'POST',
        origin: 'http://site.test',
        body: {},
        headers: { 'x-disable-rate-limit': '1' },
      }),
      accessToken: undefined,
      refreshToken: undefined,
    });
    await handleProxy(
      deps(() => json({}, 401)),
      request(),
    );
    const outsideProduction = calls;
    await handleProxy(
      deps(() => json({}, 401), { production: true }),
      request(),
    );
    expect([...outsideProduction, ...calls].map((call) => call.headers.get('x-disable-rate-limit'))).toEqual([
      '1',
      null,
    ]);
  });

  describe('an order answered', () => {
    const RECEIPT = {
      ORDER_NO: 700001,
      JSONINVOICE: {
        order_no_display: 701001,
        invoice_num: '3700001',
        date_ordered: '20261122153000',
        order_items: [],
        subtotal: 20,
        tax: 0,
        ship_type: 'standard',
        ship_charge: 0,
        total: 20,
      },
      GAORDER: { order_no: 700001, display_name: '701001', ordertotal: 20, tax: 0, shipping: 0 },
    };
    const place = async (answer: unknown, previous: OrderRecord | null = null, status = 200, payType = 'cc') => {
      const counted: string[] = [];
      const out = await handleProxy(
        deps(() => json(answer, status), {
          sendPurchase: (receipt) => {
            counted.push(receipt.ORDER_NO);
            return Promise.resolve();
          },
        }),
        {
          ...browser('a/user/checkout/B1/', { method: 'POST', origin: 'http://site.test', body: { payType } }),
          accessToken: 'a',
          refreshToken: undefined,
          orderRecord: { owner: 'c7', previous },
        },
      );
      return { out, counted };
    };

    it('records the order for the visitor, forgets the ordered basket and counts the purchase, once', async () => {
      const { out, counted } = await place({ RECEIPT });
      expect(ownRecord(valueOf(out.cookies, 'ps_order'), 'c7')).toEqual({
        orderNo: '701001',
        payMethod: 'cc',
        owner: 'c7',
      });
      expect(deletedNames(out.cookies)).toContain('BASKETN');
      expect(counted).toEqual(['700001']);
      // The same receipt again (a second submit): recorded, but nothing forgotten or counted twice.
      const again = await place({ RECEIPT }, { orderNo: '701001', payMethod: 'cc', owner: 'c7' });
      expect(valueOf(again.out.cookies, 'ps_order')).toBeDefined();
      expect(deletedNames(again.out.cookies)).not.toContain('BASKETN');
      expect(again.counted).toEqual([]);
    });

    it('records a wallet payment begun, without an order; a refusal records nothing', async () => {
      const { out, counted } = await place({ PAYPAL_URL: 'http://api.test/paypal/approve/EC-1' }, null, 200, 'pp');
      expect(ownRecord(valueOf(out.cookies, 'ps_order'), 'c7')).toEqual({ orderNo: '', payMethod: 'pp', owner: 'c7' });
      expect(deletedNames(out.cookies)).not.toContain('BASKETN');
      expect(counted).toEqual([]);
      const declined = await place({ message: 'This transaction has been declined.' }, null, 402);
      expect(declined.out.cookies.map((op) => op.name)).not.toContain('ps_order');
      expect(declined.counted).toEqual([]);
    });
  });
});
