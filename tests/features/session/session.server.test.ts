import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverLogin, serverLogout } from '~/features/session/session.server';
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
