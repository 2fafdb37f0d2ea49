import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverLogin, serverLogout } from '~/features/session/session.server';
import { forgetRefreshes } from '~/lib/server/proxy/refresh';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendAsVisitor } from '~/lib/store-api/server';

/** The cookies a call leaves: set ones with their value, deleted ones as null. */
function cookieJar(initial: Record<string, string> = {}) {
  const jar = new Map<string, string | null>(Object.entries(initial));
  const cookies = {
    get: (name: string) => (jar.get(name) ? { value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.set(name, null),
  } as unknown as AstroCookies;
  return { jar, cookies };
}

interface Call {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

let calls: Call[];
let answer: (call: Call) => Response;

beforeEach(() => {
  forgetRefreshes();
  calls = [];
  vi.stubGlobal('fetch', (input: URL | string, init: RequestInit) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(input).pathname,
      authorization: new Headers(init.headers).get('authorization'),
      body: init.body
        ? (JSON.parse(
            typeof init.body === 'string' ? init.body : new TextDecoder().decode(init.body as Uint8Array),
          ) as unknown)
        : null,
    };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
});

afterEach(() => vi.unstubAllGlobals());

const url = new URL('http://site.test/login/?_action=session.login');
const USER = { userid: 1, firstName: 'C', lastName: 'U', email: 'c@x', role: 'customer', department: '' };

describe('the login action on the server', () => {
  it('puts the tokens into httpOnly cookies and answers only the role', async () => {
    answer = () => Response.json({ token: 'acc', refreshToken: 'ref', user: USER });
    const visitor = cookieJar();
    const result = await serverLogin({ cookies: visitor.cookies, url }, { username: 'c@x', password: 'p' });
    expect(result).toEqual({ ok: true, role: 'customer' });
    expect(JSON.stringify(result)).not.toContain('acc');
    expect(visitor.jar.get('ps_access')).toBe('acc');
    expect(visitor.jar.get('ps_refresh')).toBe('ref');
    expect(visitor.jar.get('ps_session')).toBeTruthy();
  });

  it('a wrong password (401) is answered as it came and clears nothing', async () => {
    answer = () => Response.json({ message: 'wrong credentials' }, { status: 401 });
    const visitor = cookieJar({ ps_access: 'old', ps_refresh: 'old-r' });
    const result = await serverLogin({ cookies: visitor.cookies, url }, { username: 'c@x', password: 'no' });
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(visitor.jar.get('ps_access')).toBe('old');
    expect(visitor.jar.get('ps_refresh')).toBe('old-r');
  });
});

describe('the logout action on the server', () => {
  it('sends the refresh token and clears the session cookies and the basket; other failures keep them', async () => {
    answer = () => Response.json({ ok: true });
    const visitor = cookieJar({ ps_access: 'a', ps_refresh: 'r', BASKETN: 'B1', ps_guest: 'B1' });
    expect(await serverLogout({ cookies: visitor.cookies, url })).toBe(true);
    expect(calls[0]).toMatchObject({ path: '/v2/auth/logout', body: { refreshToken: 'r' } });
    for (const name of ['ps_access', 'ps_refresh', 'ps_session', 'BASKETN', 'ps_guest'])
      expect(visitor.jar.get(name), name).toBeNull();

    answer = () => Response.json({ message: 'down' }, { status: 500 });
    const kept = cookieJar({ ps_access: 'a', ps_refresh: 'r' });
    expect(await serverLogout({ cookies: kept.cookies, url })).toBe(false);
    expect(kept.jar.get('ps_access')).toBe('a');
    expect(kept.jar.get('ps_refresh')).toBe('r');
  });

  it('a session already over upstream (401) ends here too', async () => {
    answer = () => Response.json({ message: 'gone' }, { status: 401 });
    const visitor = cookieJar({ ps_access: 'a', ps_refresh: 'r' });
    expect(await serverLogout({ cookies: visitor.cookies, url })).toBe(true);
    expect(visitor.jar.get('ps_refresh')).toBeNull();
  });
});

describe('a call made with the visitor session (sendAsVisitor)', () => {
  it('a refused token is renewed once, the call retried, and the new tokens stored', async () => {
    answer = (call) => {
      if (call.path === '/v2/auth/refresh') return Response.json({ token: 'new-acc', refreshToken: 'new-ref' });
      return call.authorization === 'Bearer new-acc'
        ? Response.json({ ok: true })
        : Response.json({ message: 'expired' }, { status: 401 });
    };
    const visitor = cookieJar({ ps_access: 'not-a-token', ps_refresh: 'old-ref' });
    const result = await sendAsVisitor({ cookies: visitor.cookies, url }, ENDPOINTS.userEmailChange, {
      body: { emailAddress: 'n@x', passwordold: 'p' },
    });
    expect(result.ok).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(['/a/user/email', '/v2/auth/refresh', '/a/user/email']);
    expect(calls[1]?.body).toMatchObject({ refreshToken: 'old-ref' });
    expect(visitor.jar.get('ps_access')).toBe('new-acc');
    expect(visitor.jar.get('ps_refresh')).toBe('new-ref');
  });

  it('a failed renewal ends the session: token cookies cleared, a 401 answered', async () => {
    answer = () => Response.json({ message: 'no' }, { status: 401 });
    const visitor = cookieJar({ ps_access: 'not-a-token', ps_refresh: 'spent' });
    const result = await sendAsVisitor({ cookies: visitor.cookies, url }, ENDPOINTS.userPasswordChange, {
      body: {},
    });
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(visitor.jar.get('ps_access')).toBeNull();
    expect(visitor.jar.get('ps_refresh')).toBeNull();
  });
});
