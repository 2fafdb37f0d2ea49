import type { AstroCookies } from 'astro';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isAccessTokenStale,
  renewTokens,
  sendAsVisitor,
  sessionCookieChanges,
  VisitorSession,
  type Renewal,
  type RenewedTokens,
} from '~/lib/session/renewal';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { fakeStoreApi, jsonAnswer, type SentCall } from '../../support/store-api-calls';

/** A JWT-shaped token with the given expiry (seconds since the epoch); only its times are read. */
function tokenExpiringAt(exp: number, iat?: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp, ...(iat === undefined ? {} : { iat }) })}.c2ln`;
}

const now = Math.floor(Date.now() / 1000);
const FRESH = tokenExpiringAt(now + 3600);
const EXPIRED = tokenExpiringAt(1000);
const NEW: RenewedTokens = { token: 'new-access', refreshToken: 'new-refresh' };

function renewer(renewal: Renewal) {
  const asked: string[] = [];
  return {
    asked,
    renew: (refreshToken: string) => {
      asked.push(refreshToken);
      return Promise.resolve(renewal);
    },
  };
}
const RENEWED: Renewal = { kind: 'renewed', tokens: NEW };

describe('token staleness', () => {
  const key = new TextEncoder().encode('k'.repeat(32));
  const signed = (iat: number, exp: number) =>
    new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat).setExpirationTime(exp).sign(key);

  it('knows an expired or missing token, five seconds early', async () => {
    const at = now * 1000;
    expect(isAccessTokenStale(await signed(now - 900, now - 10), at)).toBe(true);
    expect(isAccessTokenStale(await signed(now, now + 4), at)).toBe(false);
    expect(isAccessTokenStale(await signed(now - 895, now + 4), at)).toBe(true);
    expect(isAccessTokenStale(await signed(now, now + 600), at)).toBe(false);
    expect(isAccessTokenStale(undefined, at)).toBe(true);
  });

  it('takes a fifth of a short life as the margin, so a 4-second token is not renewed on every call', () => {
    expect(isAccessTokenStale(tokenExpiringAt(now + 4, now), now * 1000)).toBe(false);
    expect(isAccessTokenStale(tokenExpiringAt(now + 4, now), (now + 3.3) * 1000)).toBe(true);
    expect(isAccessTokenStale('not-a-token', now * 1000)).toBe(false);
  });
});

describe('the one renewal rule (VisitorSession)', () => {
  it('leaves a fresh token, and a visitor without tokens, alone', async () => {
    const renewal = renewer(RENEWED);
    const fresh = new VisitorSession({ access: FRESH, refresh: 'r' }, renewal.renew);
    expect(await fresh.renewIfStale()).toBe('unchanged');
    expect(fresh.accessToken).toBe(FRESH);
    expect(await new VisitorSession({}, renewal.renew).renewIfStale()).toBe('unchanged');
    expect(renewal.asked).toEqual([]);
  });

  it('renews a stale token once, before anything is sent', async () => {
    const renewal = renewer(RENEWED);
    const session = new VisitorSession({ access: EXPIRED, refresh: 'r' }, renewal.renew);
    expect(await session.renewIfStale()).toBe('renewed');
    expect(await session.renewIfStale()).toBe('renewed');
    expect(session.accessToken).toBe(NEW.token);
    expect(session.renewed).toEqual(NEW);
    expect(renewal.asked).toEqual(['r']);
    expect(await new VisitorSession({ refresh: 'r' }, renewal.renew).renewIfStale()).toBe('renewed');
  });

  it('ends a session whose renewal is refused, or whose stale token has no refresh token', async () => {
    expect(
      await new VisitorSession({ access: EXPIRED, refresh: 'r' }, renewer({ kind: 'refused' }).renew).renewIfStale(),
    ).toBe('ended');
    const alone = renewer(RENEWED);
    const session = new VisitorSession({ access: EXPIRED }, alone.renew);
    expect(await session.renewIfStale()).toBe('ended');
    expect(session.accessToken).toBeUndefined();
    expect(alone.asked).toEqual([]);
  });

  it('ends nothing when the renewal got no answer', async () => {
    const session = new VisitorSession({ access: EXPIRED, refresh: 'r' }, renewer({ kind: 'unavailable' }).renew);
    expect(await session.renewIfStale()).toBe('unavailable');
    expect(sessionCookieChanges(session, false)).toEqual([]);
  });

  it('after a refusal: one renewal and one retry, never a second renewal', async () => {
    const renewal = renewer(RENEWED);
    const session = new VisitorSession({ access: 'not-a-token', refresh: 'r' }, renewal.renew);
    expect(await session.retryAfterRefusal()).toBe(true);
    expect(await session.retryAfterRefusal()).toBe(false);
    expect(session.state).toBe('ended');
    expect(renewal.asked).toEqual(['r']);
    const alone = new VisitorSession({ access: 'not-a-token' }, renewal.renew);
    expect(await alone.retryAfterRefusal()).toBe(false);
    expect(alone.state).toBe('ended');
  });

  it('sets the new tokens after a renewal, clears the token cookies when the session ended', async () => {
    const renewed = new VisitorSession({ access: EXPIRED, refresh: 'r' }, renewer(RENEWED).renew);
    await renewed.renewIfStale();
    expect(
      sessionCookieChanges(renewed, true).map((op) => ['delete' in op, op.name, 'value' in op && op.value]),
    ).toEqual([
      [false, '__Host-ps_access', NEW.token],
      [false, '__Host-ps_refresh', NEW.refreshToken],
    ]);
    const ended = new VisitorSession({ access: EXPIRED }, renewer(RENEWED).renew);
    await ended.renewIfStale();
    expect(sessionCookieChanges(ended, false).map((op) => 'delete' in op && op.name)).toEqual([
      'ps_access',
      'ps_refresh',
      'ps_session',
    ]);
  });
});

describe('renewTokens (the refresh call)', () => {
  const settings = (answer: (call: SentCall) => Response | Promise<Response>) => {
    const api = fakeStoreApi(answer);
    return { api, settings: { baseUrl: 'http://api.test/', timeoutMs: 100, fetch: api.fetch } };
  };

  it('sends the refresh token with the pipeline headers only, and reads the new pair', async () => {
    const { api, settings: s } = settings(() => Response.json({ token: 'a2', refreshToken: 'r2' }));
    const visitor = new Headers({ app: 'parts-store-front 15.1.0', cookie: 'ps_access=x', 'content-length': '9' });
    expect(await renewTokens('r1', visitor, s)).toEqual({
      kind: 'renewed',
      tokens: { token: 'a2', refreshToken: 'r2' },
    });
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/v2/auth/refresh',
      body: { tokenPrefix: 'ps', refreshToken: 'r1' },
    });
    expect(api.calls[0]?.headers.get('app')).toBe('parts-store-front 15.1.0');
    expect(api.calls[0]?.headers.get('cookie')).toBeNull();
    expect(api.calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('is refused by a 401 or 400, and unavailable on no answer, a 5xx or an unreadable answer', async () => {
    expect(await renewTokens('r', undefined, settings(() => jsonAnswer({ message: 'invalid' }, 401)).settings)).toEqual(
      {
        kind: 'refused',
      },
    );
    expect(await renewTokens('r', undefined, settings(() => jsonAnswer({}, 400)).settings)).toEqual({
      kind: 'refused',
    });
    expect(await renewTokens('r', undefined, settings(() => jsonAnswer({}, 503)).settings)).toEqual({
      kind: 'unavailable',
    });
    expect(await renewTokens('r', undefined, settings(() => Response.json({ token: 1 })).settings)).toEqual({
      kind: 'unavailable',
    });
    expect(
      await renewTokens('r', undefined, settings(() => Promise.reject(new TypeError('fetch failed'))).settings),
    ).toEqual({ kind: 'unavailable' });
    expect(await renewTokens('r', undefined, settings(() => new Promise<Response>(() => undefined)).settings)).toEqual({
      kind: 'unavailable',
    });
  });
});

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

describe('the actions: a call with the visitor session (sendAsVisitor)', () => {
  const url = new URL('http://site.test/account-settings/?_action=account.changeEmail');
  const storeApi = (answer: (call: SentCall) => Response | Promise<Response>) => {
    const api = fakeStoreApi(answer);
    vi.stubGlobal('fetch', api.fetch);
    return api;
  };
  afterEach(() => vi.unstubAllGlobals());

  it('renewed: a refused token is renewed once, the call retried, and the new tokens stored', async () => {
    const api = storeApi((call) => {
      if (call.path === '/v2/auth/refresh') return Response.json({ token: 'new-acc', refreshToken: 'new-ref' });
      return call.headers.get('authorization') === 'Bearer new-acc' ? Response.json({ ok: true }) : jsonAnswer({}, 401);
    });
    const visitor = cookieJar({ ps_access: 'not-a-token', ps_refresh: 'old-ref' });
    const result = await sendAsVisitor({ cookies: visitor.cookies, url }, ENDPOINTS.userEmailChange, {
      body: { emailAddress: 'n@x', passwordold: 'p' },
    });
    expect(result.ok).toBe(true);
    expect(api.calls.map((call) => call.path)).toEqual(['/a/user/email', '/v2/auth/refresh', '/a/user/email']);
    expect(api.calls[1]?.body).toMatchObject({ refreshToken: 'old-ref' });
    expect(visitor.jar.get('ps_access')).toBe('new-acc');
    expect(visitor.jar.get('ps_refresh')).toBe('new-ref');
  });

  it('refresh refused: the session ends, token cookies cleared, a 401 answered, the basket kept', async () => {
    storeApi(() => jsonAnswer({ message: 'no' }, 401));
    const visitor = cookieJar({ ps_access: 'not-a-token', ps_refresh: 'spent', BASKETN: 'B1' });
    const result = await sendAsVisitor({ cookies: visitor.cookies, url }, ENDPOINTS.userPasswordChange, { body: {} });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'http', status: 401, message: 'session ended', body: null },
    });
    expect(visitor.jar.get('ps_access')).toBeNull();
    expect(visitor.jar.get('ps_refresh')).toBeNull();
    expect(visitor.jar.get('BASKETN')).toBe('B1');
  });

  it('store API down: no answer (502), the session cookies kept', async () => {
    storeApi((call) =>
      call.path === '/v2/auth/refresh' ? Promise.reject(new TypeError('fetch failed')) : jsonAnswer({}, 401),
    );
    const visitor = cookieJar({ ps_access: EXPIRED, ps_refresh: 'r' });
    const result = await sendAsVisitor({ cookies: visitor.cookies, url }, ENDPOINTS.userEmailChange, { body: {} });
    expect(result).toEqual({ ok: false, failure: { kind: 'offline', message: 'store API unreachable' } });
    expect(visitor.jar.get('ps_access')).toBe(EXPIRED);
    expect(visitor.jar.get('ps_refresh')).toBe('r');
  });
});
