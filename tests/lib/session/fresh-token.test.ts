import { describe, expect, it } from 'vitest';
import { withFreshToken, type RenewedTokens } from '~/lib/session/fresh-token';

/** A JWT-shaped token with the given expiry (seconds since the epoch); only its expiry is read. */
function tokenExpiringAt(exp: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', exp })}.c2ln`;
}

const now = Math.floor(Date.now() / 1000);
const FRESH = tokenExpiringAt(now + 3600);
const EXPIRED = tokenExpiringAt(1000);
const NEW: RenewedTokens = { token: 'new-access', refreshToken: 'new-refresh' };

/** A store API that accepts only the given access tokens, and a refresh that answers as told. */
function harness(accepted: string[], renewal: RenewedTokens | null = NEW) {
  const sent: (string | undefined)[] = [];
  const renewedWith: string[] = [];
  return {
    sent,
    renewedWith,
    send: (token: string | undefined) => {
      sent.push(token);
      return Promise.resolve({ status: token && accepted.includes(token) ? 200 : 401 });
    },
    renew: (refreshToken: string) => {
      renewedWith.push(refreshToken);
      return Promise.resolve(renewal);
    },
  };
}

describe('withFreshToken', () => {
  it('sends a fresh token as it is and renews nothing', async () => {
    const api = harness([FRESH]);
    const outcome = await withFreshToken({ access: FRESH, refresh: 'r' }, api.send, api.renew);
    expect(outcome).toEqual({ ended: false, answer: { status: 200 }, renewed: null });
    expect(api.sent).toEqual([FRESH]);
    expect(api.renewedWith).toEqual([]);
  });

  it('exchanges an expired token before the call instead of spending a call on a sure 401', async () => {
    const api = harness([NEW.token]);
    const outcome = await withFreshToken({ access: EXPIRED, refresh: 'r' }, api.send, api.renew);
    expect(outcome).toEqual({ ended: false, answer: { status: 200 }, renewed: NEW });
    expect(api.sent).toEqual([NEW.token]);
    expect(api.renewedWith).toEqual(['r']);
  });

  it('a refused token is exchanged once and the call retried once', async () => {
    const api = harness([NEW.token]);
    const outcome = await withFreshToken({ access: 'not-a-token', refresh: 'r' }, api.send, api.renew);
    expect(outcome).toEqual({ ended: false, answer: { status: 200 }, renewed: NEW });
    expect(api.sent).toEqual(['not-a-token', NEW.token]);
    expect(api.renewedWith).toEqual(['r']);
  });

  it('the session is over when the exchange fails, before or after the call', async () => {
    const before = harness([], null);
    expect(await withFreshToken({ access: EXPIRED, refresh: 'r' }, before.send, before.renew)).toEqual({
      ended: true,
    });
    expect(before.sent).toEqual([]);
    const after = harness([], null);
    expect(await withFreshToken({ access: 'not-a-token', refresh: 'r' }, after.send, after.renew)).toEqual({
      ended: true,
    });
    expect(after.sent).toEqual(['not-a-token']);
  });

  it('a retry refused too ends the session, and a token renewed before the call is never renewed again', async () => {
    const refused = harness([]);
    expect(await withFreshToken({ access: 'not-a-token', refresh: 'r' }, refused.send, refused.renew)).toEqual({
      ended: true,
    });
    expect(refused.sent).toEqual(['not-a-token', NEW.token]);
    const renewedFirst = harness([]);
    expect(await withFreshToken({ access: EXPIRED, refresh: 'r' }, renewedFirst.send, renewedFirst.renew)).toEqual({
      ended: true,
    });
    expect(renewedFirst.renewedWith).toEqual(['r']);
    expect(renewedFirst.sent).toEqual([NEW.token]);
  });

  it('without a refresh token a refused call ends the session; without any token the answer is passed on', async () => {
    const alone = harness([]);
    expect(await withFreshToken({ access: 'not-a-token' }, alone.send, alone.renew)).toEqual({ ended: true });
    expect(alone.renewedWith).toEqual([]);
    const anonymous = harness([]);
    expect(await withFreshToken({}, anonymous.send, anonymous.renew)).toEqual({
      ended: false,
      answer: { status: 401 },
      renewed: null,
    });
    expect(anonymous.sent).toEqual([undefined]);
  });
});
