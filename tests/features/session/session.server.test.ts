import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverLogin, serverLogout, serverRecoverPassword } from '~/features/session/session.server';
import { fakeStoreApi, type SentCall } from '../../support/store-api-calls';

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

let calls: SentCall[];
let answer: (call: SentCall) => Response;

beforeEach(() => {
  const api = fakeStoreApi((call) => answer(call));
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
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

describe('the password reset on the server', () => {
  it("answers the store's text, and its refusal as a refusal", async () => {
    answer = () => Response.json('Check your inbox');
    expect(await serverRecoverPassword({}, 'c@x.co')).toEqual({ ok: true, message: { text: 'Check your inbox' } });
    expect(calls[0]).toMatchObject({ path: '/a/user/password', body: { email: 'c@x.co' } });
    answer = () => Response.json({ message: 'rate limit exceeded' }, { status: 429 });
    expect(await serverRecoverPassword({}, 'c@x.co')).toMatchObject({ ok: false, outage: false });
  });

  it('is an outage when the store API is out: its 502, 503 or 504, or no answer at all', async () => {
    for (const status of [502, 503, 504]) {
      answer = () => Response.json({ message: 'down' }, { status });
      expect(await serverRecoverPassword({}, 'c@x.co'), String(status)).toMatchObject({ ok: false, outage: true });
    }
    answer = () => {
      throw new TypeError('fetch failed');
    };
    expect(await serverRecoverPassword({}, 'c@x.co')).toEqual({
      ok: false,
      email: 'c@x.co',
      message: { key: 'common.connectionProblem' },
      outage: true,
    });
  });
});
