import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../store-api/harness';
import { ACCOUNT_BACKOFF, CLIENT_BACKOFF, FIRST_DELAY_MS } from '../../store-api/rules/login-limit.ts';
import { authenticate, hashPassword } from '../../store-api/data/users.ts';

/**
 * Issue 21 finding 10: throttling per username let anyone lock any account, and unknown
 * usernames answered faster. The clock is the API's own, moved by the test: nothing here waits.
 */

let api: TestApi;
let clock = Date.UTC(2026, 0, 5, 12);
beforeAll(async () => {
  api = await startTestApi({ now: () => new Date(clock) });
});
afterAll(() => api.close());

const from = (client: string) => ({ 'x-forwarded-for': client });
const login = (client: string, username: string, password: string) =>
  api.call('POST', '/v2/auth/login', { body: { username, password }, headers: from(client) });

describe('login throttling', () => {
  it('failures from one client do not lock the account for its owner', async () => {
    for (let i = 0; i < ACCOUNT_BACKOFF.freeFailures; i += 1)
      expect((await login('203.0.113.10', 'acai@example.com', `bad${i}`)).status).toBe(401);
    clock += FIRST_DELAY_MS;
    expect((await login('198.51.100.7', 'acai@example.com', 'Acai12345!')).status).toBe(200);
  });

  it('backs off instead of locking: an account waits at most a minute however many clients fail', async () => {
    let failures = 0;
    for (let client = 1; failures < 30; client += 1) {
      const answer = await login(`192.0.2.${client}`, 'customer@example.com', 'wrong');
      if (answer.status === 429) {
        const retryAfter = Number(answer.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter * 1000).toBeLessThanOrEqual(ACCOUNT_BACKOFF.maxDelayMs);
        clock += retryAfter * 1000;
      } else {
        expect(answer.status).toBe(401);
        failures += 1;
      }
    }
    expect((await login('198.51.100.8', 'customer@example.com', 'Customer123!')).status).toBe(429);
    clock += ACCOUNT_BACKOFF.maxDelayMs;
    expect((await login('198.51.100.8', 'customer@example.com', 'Customer123!')).status).toBe(200);
  });

  it('throttles one client trying many accounts, and not the others', async () => {
    for (let i = 0; i < CLIENT_BACKOFF.freeFailures; i += 1)
      expect((await login('203.0.113.99', `spray${i}@example.com`, 'Password1')).status).toBe(401);
    const refused = await login('203.0.113.99', 'spray-next@example.com', 'Password1');
    expect(refused).toMatchObject({ status: 429, body: { message: 'rate limit exceeded' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('203.0.113.100', 'spray-next@example.com', 'Password1')).status).toBe(401);
  });

  it('believes a forwarded client address only from a proxy on this host', async () => {
    const { clientAddressOf } = await import('../../store-api/core/client.ts');
    expect(clientAddressOf('127.0.0.1', '198.51.100.1, 203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddressOf('::ffff:127.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddressOf('10.1.2.3', '203.0.113.5')).toBe('10.1.2.3');
    expect(clientAddressOf('::1', undefined)).toBe('::1');
  });

  it('checks a password hash for unknown usernames too, so timing does not tell who has an account', () => {
    const { db } = api.api.ctx;
    const checked: string[] = [];
    const verify = (_password: string, stored: string) => {
      checked.push(stored);
      return false;
    };
    expect(authenticate(db, 'nobody-here@example.com', 'x', verify)).toBeUndefined();
    expect(authenticate(db, 'customer@example.com', 'x', verify)).toBeUndefined();
    expect(checked).toHaveLength(2);
    expect(checked[0]).toMatch(/^scrypt\$/);
    expect(checked[0]?.split('$').slice(1, 4)).toEqual(hashPassword('y').split('$').slice(1, 4));
  });
});

describe('current-password checks', () => {
  const signUp = async (client: string, email: string) => {
    const answer = await api.call('POST', '/v2/customers/subscribers', {
      body: { fname: 'Pat', lname: 'Lee', email, password: 'Right1234!', passwordConfirm: 'Right1234!' },
      headers: from(client),
    });
    return (answer.body as { token: string }).token;
  };
  const changeEmail = (client: string, token: string, emailAddress: string, passwordold: string) =>
    api.call('PATCH', '/a/user/email', { token, body: { emailAddress, passwordold }, headers: from(client) });
  const changePassword = (client: string, token: string, passwordold: string) =>
    api.call('PATCH', '/a/user/password', {
      token,
      body: { passwordold, password: 'Next1234!', passwordConfirm: 'Next1234!' },
      headers: from(client),
    });

  it('count as login attempts of the account: past the free ones, even the right password waits', async () => {
    const token = await signUp('203.0.113.50', 'guessed@example.com');
    for (let i = 0; i < ACCOUNT_BACKOFF.freeFailures; i += 1) {
      const wrong =
        i % 2 === 0
          ? changeEmail('203.0.113.50', token, 'other@example.com', `bad${i}`)
          : changePassword('203.0.113.50', token, `bad${i}`);
      expect((await wrong).status).toBeOneOf([403, 422]);
    }
    const refused = await changePassword('203.0.113.50', token, 'Right1234!');
    expect(refused).toMatchObject({ status: 429, body: { message: 'rate limit exceeded' } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect((await login('203.0.113.51', 'guessed@example.com', 'Right1234!')).status).toBe(429);
    clock += retryAfter * 1000;
    expect((await changeEmail('203.0.113.50', token, 'guessed@example.com', 'Right1234!')).status).toBe(200);
  });

  it('count per client across accounts', async () => {
    const perAccount = ACCOUNT_BACKOFF.freeFailures - 1;
    let account = 0;
    for (let failures = 0; failures < CLIENT_BACKOFF.freeFailures; account += 1) {
      const token = await signUp('203.0.113.60', `sprayed${account}@example.com`);
      for (let i = 0; i < perAccount && failures < CLIENT_BACKOFF.freeFailures; i += 1, failures += 1)
        expect((await changePassword('203.0.113.60', token, 'Wrong1234!')).status).toBe(422);
    }
    const fresh = await signUp('203.0.113.61', 'sprayed-next@example.com');
    expect((await changePassword('203.0.113.60', fresh, 'Wrong1234!')).status).toBe(429);
    expect((await changePassword('203.0.113.61', fresh, 'Wrong1234!')).status).toBe(422);
  });
});
