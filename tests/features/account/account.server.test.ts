import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountAnswer, readAccountUser, type AccountRead } from '~/features/account/account.server';
import type { ChangeResult } from '~/features/account/account';
import { fakeStoreApi, jsonAnswer, type SentCall } from '../../support/store-api-calls';

let calls: SentCall[];
let answer: (call: SentCall) => Response | Promise<Response>;

beforeEach(() => {
  const api = fakeStoreApi((call) => answer(call));
  calls = api.calls;
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => vi.unstubAllGlobals());

/** The cookies a read leaves: set ones with their value, deleted ones as null. */
function visitor(initial: Record<string, string>) {
  const jar = new Map<string, string | null>(Object.entries(initial));
  const cookies = {
    get: (name: string) => (jar.get(name) ? { value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.set(name, null),
  } as unknown as AstroCookies;
  return { jar, context: { cookies, url: new URL('http://site.test/account-settings/') } };
}

const SIGNED_IN = { ps_access: 'not-a-token', ps_refresh: 'refresh', BASKETN: 'B1' };

describe("the account page's read of the user", () => {
  it("reads the user with the visitor's token", async () => {
    answer = () => Response.json({ user: { id: 1, email: 'me@example.com', firstName: 'Ana' } });
    const { context } = visitor(SIGNED_IN);
    expect(await readAccountUser(context)).toEqual({
      state: 'read',
      user: { id: 1, email: 'me@example.com', firstName: 'Ana' },
    });
    expect(calls[0]?.path).toBe('/a/user/');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer not-a-token');
  });

  it.each([
    ['unreachable', () => Promise.reject(new TypeError('fetch failed'))],
    ['its own 503', () => jsonAnswer({ message: 'unavailable' }, 503)],
    ['the gateway 502', () => jsonAnswer({ message: 'bad gateway' }, 502)],
  ])('is an outage when the store API is %s', async (_, fail) => {
    answer = fail;
    expect(await readAccountUser(visitor(SIGNED_IN).context)).toEqual({ state: 'failed', outage: true });
  });

  it('is a failure but no outage when the store API refuses the read or answers without a user', async () => {
    answer = () => jsonAnswer({ message: 'database error' }, 500);
    expect(await readAccountUser(visitor(SIGNED_IN).context)).toEqual({ state: 'failed', outage: false });
    answer = () => Response.json({ shipping: {} });
    expect(await readAccountUser(visitor(SIGNED_IN).context)).toEqual({ state: 'failed', outage: false });
  });

  it('ends the session when the token is refused and so is its refresh: token cookies cleared, basket kept', async () => {
    answer = () => jsonAnswer({ message: 'no' }, 401);
    const { jar, context } = visitor(SIGNED_IN);
    expect(await readAccountUser(context)).toEqual({ state: 'ended' });
    expect(calls.map((call) => call.path)).toEqual(['/a/user/', '/v2/auth/refresh']);
    expect(jar.get('ps_access')).toBeNull();
    expect(jar.get('ps_refresh')).toBeNull();
    expect(jar.get('BASKETN')).toBe('B1');
  });

  it('ends nothing when the refresh gets no answer: an outage, the cookies kept', async () => {
    answer = (call) =>
      call.path === '/v2/auth/refresh' ? Promise.reject(new TypeError('fetch failed')) : jsonAnswer({}, 401);
    const { jar, context } = visitor(SIGNED_IN);
    expect(await readAccountUser(context)).toEqual({ state: 'failed', outage: true });
    expect(jar.get('ps_access')).toBe('not-a-token');
    expect(jar.get('ps_refresh')).toBe('refresh');
  });
});

describe("the account page's answer", () => {
  const read: AccountRead = { state: 'read', user: { email: 'me@example.com' } };
  const refused: ChangeResult = { ok: false, errors: { emailAddress: { key: 'account.email.taken' } } };

  it('is drawn as usual for a read, and for a change made', () => {
    expect(accountAnswer(null, read)).toBe('ok');
    expect(accountAnswer({ ok: true }, read)).toBe('ok');
  });

  it('is an outage when the store API was out for the read or for the change, whatever else', () => {
    expect(accountAnswer(null, { state: 'failed', outage: true })).toBe('unavailable');
    expect(accountAnswer({ ok: true }, { state: 'failed', outage: true })).toBe('unavailable');
    expect(accountAnswer(refused, { state: 'failed', outage: true })).toBe('unavailable');
    expect(
      accountAnswer(
        { ok: false, formError: { key: 'common.connectionProblem' }, serverFailure: true, outage: true },
        read,
      ),
    ).toBe('unavailable');
  });

  it('is a refusal for a change refused, and not an outage for a read the store API refused', () => {
    expect(accountAnswer(refused, read)).toBe('refused');
    expect(accountAnswer(null, { state: 'failed', outage: false })).toBe('ok');
  });

  it('sends the visitor to log in again when the read or the change ended the session', () => {
    expect(accountAnswer(null, { state: 'ended' })).toBe('ended');
    expect(accountAnswer({ ok: false, sessionEnded: true }, { state: 'failed', outage: false })).toBe('ended');
    expect(accountAnswer({ ok: false, sessionEnded: true }, { state: 'failed', outage: true })).toBe('ended');
  });
});
