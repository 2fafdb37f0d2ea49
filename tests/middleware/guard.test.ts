import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guard } from '~/middleware/guard';
import { encodeClaims } from '~/lib/session/claims';
import { sessionOf } from '~/lib/session/session';
import { fakeStoreApi, jsonAnswer, type SentCall } from '../support/store-api-calls';

/** A JWT-shaped access token that expired long ago. */
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const EXPIRED = `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: 1000 })}.c2ln`;
const CUSTOMER = { role: 'customer' as const, userid: 1, firstName: 'C', lastName: 'U', email: 'c@x' };

let refreshAnswer: (call: SentCall) => Response | Promise<Response>;
let calls: SentCall[];

beforeEach(() => {
  const api = fakeStoreApi((call) => (call.path === '/v2/auth/refresh' ? refreshAnswer(call) : Response.json({})));
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** A signed-in customer's request for a page, with an expired access token and a refresh token. */
function pageRequest(path: string) {
  const jar = new Map<string, string | null>([
    ['ps_access', EXPIRED],
    ['ps_refresh', 'refresh-1'],
    ['ps_session', encodeClaims(CUSTOMER)],
    ['BASKETN', 'B1'],
  ]);
  const url = new URL(`http://site.test${path}`);
  const context = {
    url,
    request: new Request(url, { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } }),
    locals: {
      locale: 'en',
      session: sessionOf({ claims: CUSTOMER, hasToken: true, guestRecord: undefined }),
    },
    cookies: {
      get: (name: string) => (jar.get(name) ? { value: jar.get(name)! } : undefined),
      set: (name: string, value: string) => void jar.set(name, value),
      delete: (name: string) => void jar.set(name, null),
      has: (name: string) => Boolean(jar.get(name)),
    },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as APIContext;
  const next = vi.fn(() =>
    Promise.resolve(new Response('page', { status: 200, headers: { 'cache-control': 'private' } })),
  );
  return { context, jar, next, run: () => guard(context, next) as Promise<Response> };
}

describe('the page guard renews a stale session before the page', () => {
  it('renewed: the new tokens are set and the page is rendered', async () => {
    refreshAnswer = () => Response.json({ token: 'new-acc', refreshToken: 'new-ref' });
    const page = pageRequest('/account-settings/');
    const response = await page.run();
    expect(response.status).toBe(200);
    expect(page.next).toHaveBeenCalledOnce();
    expect(calls.find((call) => call.path === '/v2/auth/refresh')?.body).toMatchObject({ refreshToken: 'refresh-1' });
    expect(page.jar.get('ps_access')).toBe('new-acc');
    expect(page.jar.get('ps_refresh')).toBe('new-ref');
  });

  it('refresh refused on a public page: the token cookies cleared, the same page again saying so, the basket kept', async () => {
    refreshAnswer = () => jsonAnswer({ message: 'invalid refresh token' }, 401);
    const page = pageRequest('/?add-to-cart=2043,3');
    const response = await page.run();
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location') ?? '', 'http://site.test');
    expect(target.pathname).toBe('/');
    expect(target.searchParams.get('logOut')).toBe('true');
    expect(page.next).not.toHaveBeenCalled();
    for (const name of ['ps_access', 'ps_refresh', 'ps_session']) expect(page.jar.get(name), name).toBeNull();
    expect(page.jar.get('BASKETN')).toBe('B1');
  });

  it('refresh refused on a private page: the token cookies cleared, to login with the page to come back to', async () => {
    refreshAnswer = () => jsonAnswer({ message: 'invalid refresh token' }, 401);
    const page = pageRequest('/account-settings/');
    const response = await page.run();
    const target = new URL(response.headers.get('location') ?? '', 'http://site.test');
    expect(target.pathname).toBe('/login/');
    expect(target.searchParams.get('redirect')).toBe('/account-settings/');
    expect(page.jar.get('ps_refresh')).toBeNull();
    expect(page.jar.get('ps_access')).toBeNull();
  });

  it('store API down: nothing is cleared and the page is rendered', async () => {
    refreshAnswer = () => Promise.reject(new TypeError('fetch failed'));
    const page = pageRequest('/account-settings/');
    const response = await page.run();
    expect(response.status).toBe(200);
    expect(page.next).toHaveBeenCalledOnce();
    expect(page.jar.get('ps_access')).toBe(EXPIRED);
    expect(page.jar.get('ps_refresh')).toBe('refresh-1');
  });
});
