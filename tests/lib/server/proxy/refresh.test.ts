import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetRefreshes,
  forgetSessionRefreshes,
  mayShareExchange,
  refreshTokens,
  REUSE_MS,
} from '~/lib/server/proxy/refresh';
import type { UpstreamSettings } from '~/lib/server/proxy/upstream';

/** A store API that rotates refresh tokens: each one is exchanged once, a second use fails. */
function rotatingApi(): { settings: UpstreamSettings; exchanged: string[] } {
  const exchanged: string[] = [];
  let issued = 0;
  const spent = new Set<string>();
  const settings: UpstreamSettings = {
    baseUrl: 'http://api.test/',
    timeoutMs: 500,
    fetch: (_input, init) => {
      const { refreshToken } = JSON.parse(new TextDecoder().decode(init?.body as Uint8Array)) as {
        refreshToken: string;
      };
      exchanged.push(refreshToken);
      if (spent.has(refreshToken))
        return Promise.resolve(new Response(JSON.stringify({ message: 'refresh token reused' }), { status: 401 }));
      spent.add(refreshToken);
      issued += 1;
      return Promise.resolve(
        new Response(JSON.stringify({ token: `acc-${issued}`, refreshToken: `ref-${issued}` }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  };
  return { settings, exchanged };
}

beforeEach(() => forgetRefreshes());

describe('mayShareExchange', () => {
  const entry = { binding: 'pair-1', at: 1_000 };
  it('shares an answer with the same pair within the window only', () => {
    expect(mayShareExchange(entry, 'pair-1', 1_000 + REUSE_MS)).toBe(true);
    expect(mayShareExchange(entry, 'pair-1', 1_001 + REUSE_MS)).toBe(false);
    expect(mayShareExchange({ binding: 'pair-1' }, 'pair-1', 99_999_999)).toBe(true);
  });
  it('never shares with another pair or with a call without an access token', () => {
    expect(mayShareExchange(entry, 'pair-2', 1_000)).toBe(false);
    expect(mayShareExchange(entry, null, 1_000)).toBe(false);
  });
});

describe('refreshTokens', () => {
  it('exchanges once for calls of the same browser, at once or just after', async () => {
    const { settings, exchanged } = rotatingApi();
    const together = await Promise.all([1, 2, 3].map(() => refreshTokens(settings, 'ref-0', new Headers(), 'acc-0')));
    const later = await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0');
    expect(exchanged).toEqual(['ref-0']);
    for (const outcome of [...together, later])
      expect(outcome).toEqual({ ok: true, token: 'acc-1', refreshToken: 'ref-1' });
  });

  it('gives a spent refresh token with another access token, or none, nothing: the API sees the reuse', async () => {
    const { settings, exchanged } = rotatingApi();
    await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0');
    expect(await refreshTokens(settings, 'ref-0', new Headers(), 'someone-else')).toEqual({ ok: false, status: 401 });
    expect(await refreshTokens(settings, 'ref-0', new Headers())).toEqual({ ok: false, status: 401 });
    expect(exchanged).toEqual(['ref-0', 'ref-0', 'ref-0']);
    // The API ended the family: the browser that spent the token is not answered from memory either.
    expect(await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0')).toEqual({ ok: false, status: 401 });
    expect(exchanged).toHaveLength(4);
  });

  it('a call of another client during the exchange waits for it and then reaches the API itself', async () => {
    const { settings, exchanged } = rotatingApi();
    const [own, other] = await Promise.all([
      refreshTokens(settings, 'ref-0', new Headers(), 'acc-0'),
      refreshTokens(settings, 'ref-0', new Headers(), 'stolen'),
    ]);
    expect(own).toMatchObject({ ok: true, token: 'acc-1' });
    expect(other).toEqual({ ok: false, status: 401 });
    expect(exchanged).toEqual(['ref-0', 'ref-0']);
  });

  it('after the window the spent pair goes to the API again', async () => {
    const { settings, exchanged } = rotatingApi();
    const start = Date.now();
    await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0', start);
    expect(await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0', Date.now() + REUSE_MS + 1)).toEqual({
      ok: false,
      status: 401,
    });
    expect(exchanged).toEqual(['ref-0', 'ref-0']);
  });

  it('after logout nothing of the session is answered from memory', async () => {
    const { settings, exchanged } = rotatingApi();
    await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0');
    // The logout carries the tokens the exchange handed out.
    forgetSessionRefreshes('ref-1', 'acc-1');
    expect(await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0')).toEqual({ ok: false, status: 401 });
    expect(exchanged).toEqual(['ref-0', 'ref-0']);
  });

  it('a failed exchange is not remembered', async () => {
    const { settings, exchanged } = rotatingApi();
    await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0');
    await refreshTokens(settings, 'ref-0', new Headers(), 'other');
    forgetSessionRefreshes('ref-1');
    expect(await refreshTokens(settings, 'ref-0', new Headers(), 'acc-0')).toMatchObject({ ok: false });
    expect(exchanged).toHaveLength(3);
  });
});
