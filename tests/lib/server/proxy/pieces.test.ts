import { describe, expect, it } from 'vitest';
import { ALLOWED_ROUTES, matchRoute } from '~/lib/server/proxy/allowlist';
import { BodyTooLargeError, readLimitedBody } from '~/lib/server/proxy/body';
import { downstreamResponseHeaders, upstreamRequestHeaders } from '~/lib/server/proxy/headers';
import { isForeignUnsafeRequest } from '~/lib/server/proxy/origin';
import { claimsFromUser } from '~/lib/session/login-answer';
import { secureCookiesFor } from '~/lib/session/cookie-options';
import { signInCookies } from '~/lib/session/session-cookies';
import { withoutTokens } from '~/lib/session/tokens';
import { decodeClaims } from '~/lib/session/claims';

describe('allowlist', () => {
  it.each([
    ['GET', 'a/basket/AB12CD'],
    ['POST', 'a/item/15732/2'],
    ['PATCH', 'a/item/15732/0'],
    ['GET', 'a/user/'],
    ['GET', 'a/user'],
    ['POST', 'graphql'],
    ['POST', 'analytics'],
    ['GET', 'v2/orders/history'],
    ['GET', 'chat/widget.js'],
  ])('lets %s %s through', (method, path) => {
    expect(matchRoute(method, path)).not.toBeNull();
  });

  it.each([
    ['GET', '__test/reset'],
    ['GET', 'admin/public/rate_merchant/order-no-encode/77'],
    ['POST', '__test/faults'],
    ['DELETE', 'a/user/email'],
    // Account changes and password reset are the site's own actions, never a proxied call.
    ['PATCH', 'a/user/email'],
    ['PATCH', 'a/user/password'],
    ['POST', 'a/user/password'],
    // The guest lookup (its e-mail never in an address) and cancellation are the orders' actions.
    ['GET', 'v2/orders/history/guest'],
    // Tracking is the page's, under the page's look-up limit: the proxy is no way round it.
    ['GET', 'a/tracking/1Z999AA10123456784/'],
    ['DELETE', 'v2/orders/1234'],
    // Sign-in, refresh and logout are the session actions and the page guard, never a proxied call.
    ['POST', 'v2/auth/login'],
    ['POST', 'v2/auth/refresh'],
    ['POST', 'v2/auth/logout'],
    ['GET', 'health'],
    ['GET', 'a/basket/1/../../__test/reset'],
    ['GET', 'a/basket/%2F..%2F__test'],
    ['GET', 'a//basket/1'],
    ['GET', ''],
    ['PUT', 'a/basket/1'],
    ['GET', 'a/item/1/2/3'],
  ])('answers 404 for %s %s', (method, path) => {
    expect(matchRoute(method, path)).toBeNull();
  });

  it('prefers literal routes over segment patterns', () => {
    expect(matchRoute('POST', 'a/basket/bulk')?.pattern).toBe('a/basket/bulk');
    expect(matchRoute('GET', 'a/guest/B1')?.kind).toBe('guest');
  });

  it('has no duplicate routes', () => {
    const keys = ALLOWED_ROUTES.map((route) => `${route.method} ${route.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('origin check', () => {
  const site = ['http://127.0.0.1:4321'];
  it('refuses unsafe calls from another origin', () => {
    expect(isForeignUnsafeRequest('POST', new Headers({ origin: 'https://evil.example' }), site)).toBe(true);
    expect(isForeignUnsafeRequest('DELETE', new Headers({ origin: 'null' }), site)).toBe(true);
    expect(isForeignUnsafeRequest('PATCH', new Headers({ 'sec-fetch-site': 'cross-site' }), site)).toBe(true);
    expect(isForeignUnsafeRequest('PUT', new Headers({ 'sec-fetch-site': 'same-site' }), site)).toBe(true);
  });
  it('refuses an unsafe call without Origin whose Referer is another site or unreadable', () => {
    for (const referer of ['https://evil.example/page', 'http://127.0.0.1:4321.evil.example/', 'not a url']) {
      expect(isForeignUnsafeRequest('POST', new Headers({ referer }), site), referer).toBe(true);
    }
    expect(isForeignUnsafeRequest('POST', new Headers({ referer: 'http://127.0.0.1:4321/cart/' }), site)).toBe(false);
  });
  it('accepts this site and safe methods', () => {
    expect(
      isForeignUnsafeRequest(
        'POST',
        new Headers({ origin: 'http://127.0.0.1:4321', 'sec-fetch-site': 'same-origin' }),
        site,
      ),
    ).toBe(false);
    expect(isForeignUnsafeRequest('GET', new Headers({ origin: 'https://evil.example' }), site)).toBe(false);
    expect(isForeignUnsafeRequest('POST', new Headers(), site)).toBe(false);
  });
});

describe('headers', () => {
  const incoming = new Headers({
    connection: 'keep-alive, x-request-id',
    'keep-alive': 'timeout=5',
    cookie: 'ps_access=secret',
    authorization: 'Bearer forged',
    'content-type': 'application/json',
    app: 'parts-store-front 15.1.0',
    'client-timestamp': '1700000000',
    'x-request-id': 'a-1',
    'x-disable-rate-limit': '1',
    host: 'site',
  });

  it('pass only the pipeline headers, never a bearer, cookies or hop-by-hop ones of the browser', () => {
    const headers = upstreamRequestHeaders(incoming, { allowRateLimitHeader: false });
    expect(headers.get('authorization')).toBeNull();
    expect(headers.get('cookie')).toBeNull();
    expect(headers.get('connection')).toBeNull();
    expect(headers.get('keep-alive')).toBeNull();
    expect(headers.get('host')).toBeNull();
    expect(headers.get('x-request-id')).toBeNull();
    expect(headers.get('app')).toBe('parts-store-front 15.1.0');
    expect(headers.get('x-disable-rate-limit')).toBeNull();
  });

  it('name the visitor the store API counts login failures for, never the address a browser claims', () => {
    const claimed = new Headers(incoming);
    claimed.set('x-forwarded-for', '203.0.113.66');
    expect(upstreamRequestHeaders(claimed, { allowRateLimitHeader: false }).get('x-forwarded-for')).toBeNull();
    expect(
      upstreamRequestHeaders(claimed, { allowRateLimitHeader: false, clientAddress: '198.51.100.4' }).get(
        'x-forwarded-for',
      ),
    ).toBe('198.51.100.4');
  });

  it('pass the rate-limit-disable header only outside production', () => {
    expect(upstreamRequestHeaders(incoming, { allowRateLimitHeader: true }).get('x-disable-rate-limit')).toBe('1');
    expect(upstreamRequestHeaders(incoming, { allowRateLimitHeader: true }).get('authorization')).toBeNull();
  });

  it('drop upstream cookies and hop-by-hop answer headers', () => {
    const headers = downstreamResponseHeaders(
      new Headers({
        'set-cookie': 'x=1',
        'transfer-encoding': 'chunked',
        connection: 'close',
        'content-type': 'application/json',
        'retry-after': '60',
      }),
    );
    expect([...headers.keys()].sort()).toEqual(['content-type', 'retry-after']);
  });
});

describe('body limit', () => {
  it('refuses a body over the limit, by header or by stream', async () => {
    await expect(
      readLimitedBody(new Request('http://x/', { method: 'POST', body: 'x'.repeat(20) }), 10),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    const declared = new Request('http://x/', { method: 'POST', body: 'x', headers: { 'content-length': '999' } });
    await expect(readLimitedBody(declared, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
  it('reads a body within the limit', async () => {
    const body = await readLimitedBody(new Request('http://x/', { method: 'POST', body: '{"a":1}' }), 10);
    expect(new TextDecoder().decode(body!)).toBe('{"a":1}');
  });
});

describe('session cookies', () => {
  const answer = {
    token: 'access.jwt',
    refreshToken: 'refresh-1',
    user: {
      userid: 7,
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'a@example.com',
      role: 'customer',
      department: 'sales',
    },
  };

  it('keep tokens httpOnly and SameSite=Strict, and the claims readable without tokens', () => {
    const ops = signInCookies(answer, true);
    const set = ops.filter((op) => !('delete' in op)) as Array<{
      name: string;
      value: string;
      options: { httpOnly: boolean; sameSite: string; secure: boolean };
    }>;
    const byName = Object.fromEntries(set.map((op) => [op.name, op]));
    expect(byName['__Host-ps_access']?.options).toMatchObject({
      httpOnly: true,
      sameSite: 'strict',
      secure: true,
      path: '/',
    });
    expect(byName['__Host-ps_refresh']?.options).toMatchObject({
      httpOnly: true,
      sameSite: 'strict',
      secure: true,
      path: '/',
    });
    expect(byName['__Host-ps_session']?.options.httpOnly).toBe(false);
    expect(byName['__Host-ps_session']?.value).not.toContain('access.jwt');
    expect(decodeClaims(byName['__Host-ps_session']?.value)).toEqual({
      userid: 7,
      firstName: 'Ana',
      lastName: 'Lee',
      role: 'customer',
      department: 'sales',
      guest: false,
    });
  });

  it('use an unknown role as subscriber', () => {
    expect(claimsFromUser({ role: 'admin' }).role).toBe('subscriber');
  });

  it('are Secure exactly over https, whatever the host', () => {
    expect(secureCookiesFor(new URL('http://localhost/'))).toBe(false);
    expect(secureCookiesFor(new URL('http://shop.example/'))).toBe(false);
    expect(secureCookiesFor(new URL('https://shop.example/'))).toBe(true);
    expect(secureCookiesFor(new URL('https://127.0.0.1/'))).toBe(true);
  });

  it('cut tokens out of a body', () => {
    expect(withoutTokens({ ...answer, accessToken: 'x' })).toEqual({ user: answer.user });
  });
});
