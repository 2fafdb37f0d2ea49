import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestApi, type TestApi } from './harness';
import { NO_LIMIT, SHIPPING_DATA, signUp, type Session } from './accounts';
import { anyString, matching } from './fixtures';
import {
  ACCOUNT_BACKOFF,
  CLIENT_BACKOFF,
  FIRST_DELAY_MS,
  loginDelay,
  LOGIN_FAILURE_WINDOW_MS,
} from '../../store-api/rules/login-limit.ts';
import {
  hashPassword,
  isReplayWithinWindow,
  REFRESH_REPLAY_WINDOW_MS,
  verifyPassword,
} from '../../store-api/data/users.ts';

let api: TestApi;
/** The refresh route's clock, moved by the tests of the replay window. */
let offset = 0;
const clockApi = {
  refresh: (refreshToken: string) =>
    api.call('POST', '/v2/auth/refresh', { body: { tokenPrefix: 'parts', refreshToken } }),
  advance: (ms: number) => {
    offset += ms;
  },
};
beforeAll(async () => {
  api = await startTestApi({ now: () => new Date(Date.now() + offset) });
});
afterAll(() => api.close());

async function login(username: string, password: string, headers: Record<string, string> = NO_LIMIT) {
  return api.call('POST', '/v2/auth/login', {
    body: { tokenPrefix: 'parts', username, password, role: 'customer' },
    headers,
  });
}

describe('login', () => {
  it.each([
    ['customer@example.com', 'Customer123!', 'customer'],
    ['acai@example.com', 'Acai12345!', 'acai'],
    ['subscriber@example.com', 'Subscriber1!', 'subscriber'],
  ])('signs in the demo account %s', async (username, password, role) => {
    const res = await login(` ${username} `, ` ${password} `);
    expect(res.status).toBe(200);
    const session = res.body as Session;
    expect(session.user).toMatchObject({
      email: username,
      role,
      firstName: anyString,
      lastName: anyString,
      department: '',
    });
    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({ userid: session.user.userid, role });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(session.refreshToken.length).toBeGreaterThan(30);
  });

  it('refuses wrong credentials and missing fields', async () => {
    expect(await login('customer@example.com', 'wrong')).toMatchObject({
      status: 401,
      body: { message: 'Wrong username or password' },
    });
    expect(await login('nobody@example.com', 'x')).toMatchObject({ status: 401 });
    expect(await api.call('POST', '/v2/auth/login', { body: { password: 'x' } })).toMatchObject({
      status: 400,
      body: { message: 'username: required' },
    });
    expect(await api.call('POST', '/v2/auth/login', { body: { username: 'a', password: '   ' } })).toMatchObject({
      status: 400,
      body: { message: 'password: required' },
    });
  });

  it('answers 429 with Retry-After after five failures for an account within 15 minutes, even with the right password', async () => {
    const client = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < 5; i += 1) expect((await login('acai@example.com', `bad${i}`, client)).status).toBe(401);
    const refused = await login('acai@example.com', 'Acai12345!', client);
    expect(refused).toMatchObject({ status: 429, body: { message: 'rate limit exceeded' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // the test header skips the limit
    expect((await login('acai@example.com', 'Acai12345!', { ...client, ...NO_LIMIT })).status).toBe(200);
  });

  it('honours the rate-limit header only in test mode', async () => {
    const normal = await startTestApi({ mode: 'normal' });
    for (let i = 0; i < ACCOUNT_BACKOFF.freeFailures; i += 1)
      await normal.call('POST', '/v2/auth/login', { body: { username: 'customer@example.com', password: 'no' } });
    const res = await normal.call('POST', '/v2/auth/login', {
      body: { username: 'customer@example.com', password: 'Customer123!' },
      headers: NO_LIMIT,
    });
    expect(res.status).toBe(429);
    await normal.close();
  });

  it('lets each failure past the fifth double the wait, up to the cap, counting only the window', () => {
    const now = 10 * LOGIN_FAILURE_WINDOW_MS;
    const failures = (count: number) => Array.from({ length: count }, (_, index) => now - index);
    expect(loginDelay(failures(4), now, ACCOUNT_BACKOFF)).toBe(0);
    expect(loginDelay(failures(5), now, ACCOUNT_BACKOFF)).toBe(FIRST_DELAY_MS);
    expect(loginDelay(failures(6), now, ACCOUNT_BACKOFF)).toBe(2 * FIRST_DELAY_MS);
    expect(loginDelay(failures(40), now, ACCOUNT_BACKOFF)).toBe(ACCOUNT_BACKOFF.maxDelayMs);
    expect(loginDelay(failures(19), now, CLIENT_BACKOFF)).toBe(0);
    expect(loginDelay(failures(60), now, CLIENT_BACKOFF)).toBe(CLIENT_BACKOFF.maxDelayMs);
    expect(loginDelay(failures(5), now + FIRST_DELAY_MS, ACCOUNT_BACKOFF)).toBe(0);
    expect(loginDelay([now - 1, now - 2, now - 3, now - 4, now - LOGIN_FAILURE_WINDOW_MS], now, ACCOUNT_BACKOFF)).toBe(
      0,
    );
  });

  it('hashes passwords with scrypt and a salt', () => {
    const a = hashPassword('Secret-1');
    expect(a).toMatch(/^scrypt\$/);
    expect(hashPassword('Secret-1')).not.toBe(a);
    expect(verifyPassword('Secret-1', a)).toBe(true);
    expect(verifyPassword('Secret-2', a)).toBe(false);
    expect(verifyPassword('x', 'plain')).toBe(false);
  });
});

describe('refresh and logout', () => {
  it('rotates refresh tokens; a spent one presented after the replay window ends the session', async () => {
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    const first = await clockApi.refresh(session.refreshToken);
    expect(first).toMatchObject({ status: 200, body: { token: anyString, refreshToken: anyString } });
    const next = (first.body as Session).refreshToken;
    expect(next).not.toBe(session.refreshToken);
    clockApi.advance(REFRESH_REPLAY_WINDOW_MS + 1);
    expect(await clockApi.refresh(session.refreshToken)).toMatchObject({
      status: 401,
      body: { message: 'invalid refresh token' },
    });
    // reuse of a spent token means theft: the newer token of the same family is revoked too
    expect((await clockApi.refresh(next)).status).toBe(401);
    // ... and so is every access token of that session, at once
    expect(await api.call('GET', '/a/user/', { token: (first.body as Session).token })).toMatchObject({
      status: 401,
      body: { message: 'session ended' },
    });
  });

  it('hands the same successor pair to the same refresh token presented again within the window', async () => {
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    const [one, two] = await Promise.all([
      clockApi.refresh(session.refreshToken),
      clockApi.refresh(session.refreshToken),
    ]);
    expect(one).toMatchObject({ status: 200, body: { token: anyString, refreshToken: anyString } });
    expect(two.body).toEqual(one.body);
    clockApi.advance(REFRESH_REPLAY_WINDOW_MS - 1_000);
    const late = await clockApi.refresh(session.refreshToken);
    expect(late.body).toEqual(one.body);
    const pair = one.body as Session;
    expect((await api.call('GET', '/a/user/', { token: pair.token })).status).toBe(200);
    // The successor rotates on as usual; the session lives on.
    const after = await clockApi.refresh(pair.refreshToken);
    expect(after.status).toBe(200);
    expect((await api.call('GET', '/a/user/', { token: (after.body as Session).token })).status).toBe(200);
  });

  it('does not replay a spent token once its session has ended', async () => {
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    const pair = (await clockApi.refresh(session.refreshToken)).body as Session;
    expect(
      (await api.call('POST', '/v2/auth/logout', { body: { refreshToken: pair.refreshToken }, token: pair.token }))
        .status,
    ).toBe(200);
    expect((await clockApi.refresh(session.refreshToken)).status).toBe(401);
  });

  it('counts a replay only within the window after the exchange', () => {
    expect(isReplayWithinWindow(1_000, 1_000)).toBe(true);
    expect(isReplayWithinWindow(1_000, 1_000 + REFRESH_REPLAY_WINDOW_MS)).toBe(true);
    expect(isReplayWithinWindow(1_000, 1_001 + REFRESH_REPLAY_WINDOW_MS)).toBe(false);
    expect(isReplayWithinWindow(1_000, 999)).toBe(false);
    expect(isReplayWithinWindow(null, 1_000)).toBe(false);
  });

  it('answers 400 without a refresh token and 401 for an unknown one', async () => {
    expect(await api.call('POST', '/v2/auth/refresh', { body: {} })).toMatchObject({
      status: 400,
      body: { message: 'refreshToken: required' },
    });
    expect((await api.call('POST', '/v2/auth/refresh', { body: { refreshToken: 'made-up' } })).status).toBe(401);
  });

  it('ends the session on logout: its refresh token and its access token are refused from then on', async () => {
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    const other = (await login('customer@example.com', 'Customer123!')).body as Session;
    expect((await api.call('GET', '/a/user/', { token: session.token })).status).toBe(200);
    expect(
      await api.call('POST', '/v2/auth/logout', {
        body: { tokenPrefix: 'parts', refreshToken: session.refreshToken },
        token: session.token,
      }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect((await api.call('POST', '/v2/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(
      401,
    );
    for (const [method, path] of [
      ['GET', '/a/user/'],
      ['PATCH', '/a/user/email'],
      ['GET', '/v2/orders/history'],
    ] as const)
      expect(
        await api.call(method, path, { token: session.token, body: method === 'GET' ? undefined : {} }),
      ).toMatchObject({ status: 401, body: { message: 'session ended' } });
    // Another session of the same account is not touched.
    expect((await api.call('GET', '/a/user/', { token: other.token })).status).toBe(200);
    expect((await api.call('POST', '/v2/auth/logout', { body: {} })).status).toBe(200);
  });

  it('ends the session on logout by its access token alone', async () => {
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    expect((await api.call('POST', '/v2/auth/logout', { body: {}, token: session.token })).status).toBe(200);
    expect((await api.call('GET', '/a/user/', { token: session.token })).status).toBe(401);
    expect((await api.call('POST', '/v2/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(
      401,
    );
  });

  it('gives access tokens the lifetime set for tests and answers 401 token expired after it', async () => {
    // Five seconds: long enough that a busy machine still reads the fresh token as valid.
    await api.call('POST', '/__test/token-lifetime', { body: { seconds: 5 } });
    const issued = Date.now();
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    await api.call('POST', '/__test/token-lifetime', { body: { seconds: 900 } });
    expect((await api.call('GET', '/a/user/', { token: session.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, issued + 6100 - Date.now())));
    expect(await api.call('GET', '/a/user/', { token: session.token })).toMatchObject({
      status: 401,
      body: { message: 'token expired' },
    });
  });
});

describe('account', () => {
  it('reads the signed-in user with shipping and billing', async () => {
    const session = (await login('customer@example.com', 'Customer123!')).body as Session;
    const res = await api.call('GET', '/a/user/', { token: session.token });
    expect(res).toMatchObject({
      status: 200,
      body: {
        user: { id: session.user.userid, email: 'customer@example.com', role: 'customer' },
        shipping: { country: 'US^United States', zip: '84111' },
        billing: { city: 'Salt Lake City' },
      },
    });
    expect((await api.call('GET', '/a/user', { token: session.token })).status).toBe(200);
    expect(await api.call('GET', '/a/user/')).toMatchObject({
      status: 401,
      body: { message: 'user is not logged in' },
    });
  });

  it('creates subscribers who are signed in at once, and refuses a taken e-mail or mismatched passwords', async () => {
    const session = await signUp(api, 'nora@example.com');
    expect(session.user).toMatchObject({ email: 'nora@example.com', role: 'subscriber', firstName: 'Nora' });
    expect(
      (
        await api.call('POST', '/v2/customers/subscribers', {
          body: {
            fname: 'A',
            lname: 'B',
            email: 'NORA@example.com',
            password: 'Harbour-9',
            passwordConfirm: 'Harbour-9',
          },
        })
      ).body,
    ).toEqual({
      message: 'An account already exists with this email address',
    });
    expect(
      await api.call('POST', '/v2/customers/subscribers', {
        body: { fname: 'A', lname: 'B', email: 'x@example.com', password: 'Harbour-9', passwordConfirm: 'Harbour-8' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "passwordConfirm: Passwords don't match" },
    });
    expect(
      await api.call('POST', '/v2/customers/subscribers', {
        body: { fname: 'A1', lname: 'B', email: 'y@example.com', password: 'Harbour-9', passwordConfirm: 'Harbour-9' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'fname: Only letters, space, hyphen and dot symbols are allowed' },
    });
    expect(
      await api.call('POST', '/v2/customers/subscribers', {
        body: { fname: 'A', lname: 'B', email: 'not-mail', password: 'Harbour-9', passwordConfirm: 'Harbour-9' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'email: Incorrect email address' },
    });
  });

  it('changes the e-mail with the current password, refusing one that exists with 422', async () => {
    const session = await signUp(api, 'change-me@example.com');
    const passwordold = 'Harbour-9';
    expect(
      await api.call('PATCH', '/a/user/email', {
        token: session.token,
        body: { emailAddress: 'customer@example.com', passwordold },
      }),
    ).toMatchObject({
      status: 422,
      body: { message: 'An account already exists with this email address' },
    });
    expect(
      await api.call('PATCH', '/a/user/email', {
        token: session.token,
        body: { emailAddress: ' changed@example.com ', passwordold },
      }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect((await login('changed@example.com', 'Harbour-9')).status).toBe(200);
    expect(
      (await api.call('PATCH', '/a/user/email', { token: session.token, body: { emailAddress: 'bad', passwordold } }))
        .status,
    ).toBe(400);
    expect(
      await api.call('PATCH', '/a/user/email', { token: session.token, body: { emailAddress: 'other@example.com' } }),
    ).toMatchObject({ status: 400, body: { message: 'passwordold: required' } });
    expect(
      (await api.call('PATCH', '/a/user/email', { body: { emailAddress: 'a@example.com', passwordold } })).status,
    ).toBe(401);
  });

  it('changes the password, refusing a wrong old password with 422', async () => {
    const session = await signUp(api, 'pw@example.com');
    expect(
      await api.call('PATCH', '/a/user/password', {
        token: session.token,
        body: { passwordold: 'nope', password: 'Newer-99', passwordConfirm: 'Newer-99' },
      }),
    ).toMatchObject({
      status: 422,
      body: { message: "Old password doesn't match to the password on users record" },
    });
    expect(
      await api.call('PATCH', '/a/user/password', {
        token: session.token,
        body: { passwordold: 'Harbour-9', password: 'Newer-99', passwordConfirm: 'Other-99' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "passwordConfirm: Passwords don't match" },
    });
    expect(
      await api.call('PATCH', '/a/user/password', {
        token: session.token,
        body: { passwordold: 'Harbour-9', password: 'Newer-99', passwordConfirm: 'Newer-99' },
      }),
    ).toMatchObject({ status: 200 });
    expect((await login('pw@example.com', 'Harbour-9')).status).toBe(401);
    expect((await login('pw@example.com', 'Newer-99')).status).toBe(200);
  });

  it('answers a password reset with the same text for known and unknown addresses', async () => {
    const known = await api.call('POST', '/a/user/password', { body: { email: 'customer@example.com' } });
    const unknown = await api.call('POST', '/a/user/password', { body: { email: 'ghost@example.com' } });
    expect(known).toMatchObject({ status: 200, body: { message: matching(/reset the password/) } });
    expect(unknown.body).toEqual(known.body);
    expect(await api.call('POST', '/a/user/password', { body: {} })).toMatchObject({
      status: 400,
      body: { message: 'email: required' },
    });
    const stored = api.api.ctx.db.prepare('SELECT COUNT(*) AS n FROM password_resets').get() as { n: number };
    expect(stored.n).toBe(1);
  });
});

describe('customers and guests', () => {
  it('adds a customer with shipping and billing, signs them in and attaches the basket', async () => {
    const basket = (await api.call('POST', '/a/item/2043/1')).body as { BASKETNUM: string };
    const res = await api.call('POST', '/v2/customers', {
      body: {
        email: 'rita@example.com',
        shippingData: SHIPPING_DATA,
        billToShip: true,
        password: 'Anchor-77',
        passwordConfirm: 'Anchor-77',
        basketNum: basket.BASKETNUM,
        subscription: 0,
        username: 'rita@example.com',
      },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { user: { email: 'rita@example.com', role: 'customer' }, token: anyString },
    });
    const session = res.body as Session;
    const me = await api.call('GET', '/a/user/', { token: session.token });
    expect(me.body).toMatchObject({ shipping: { city: 'San Diego', zip: '92101' }, billing: { city: 'San Diego' } });
    const owner = api.api.ctx.db.prepare('SELECT user_id FROM baskets WHERE basket_num = ?').get(basket.BASKETNUM) as {
      user_id: number;
    };
    expect(owner.user_id).toBe(session.user.userid);
  });

  it('needs billing data when billing differs, and refuses bad fields naming them', async () => {
    const base = {
      email: 'b@example.com',
      shippingData: SHIPPING_DATA,
      password: 'Anchor-77',
      passwordConfirm: 'Anchor-77',
    };
    expect(await api.call('POST', '/v2/customers', { body: { ...base, billToShip: false } })).toMatchObject({
      status: 400,
      body: { message: 'billingData: required' },
    });
    expect(
      await api.call('POST', '/v2/customers', { body: { ...base, shippingData: { ...SHIPPING_DATA, city: '' } } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'shippingData.city: This field is required' },
    });
    expect(
      await api.call('POST', '/v2/customers', { body: { ...base, shippingData: { ...SHIPPING_DATA, zip: '12' } } }),
    ).toMatchObject({ status: 400, body: { message: 'shippingData.zip: Too short' } });
    expect(await api.call('POST', '/v2/customers', { body: { ...base, email: 'customer@example.com' } })).toMatchObject(
      { status: 422 },
    );
  });

  it('turns a signed-in subscriber into a customer', async () => {
    const session = (await login('subscriber@example.com', 'Subscriber1!')).body as Session;
    const res = await api.call('POST', '/v2/customers', {
      token: session.token,
      body: {
        email: 'subscriber@example.com',
        shippingData: SHIPPING_DATA,
        billToShip: 1,
        password: 'Subscriber1!',
        passwordConfirm: 'Subscriber1!',
      },
    });
    expect(res).toMatchObject({ status: 200, body: { user: { role: 'customer', firstName: 'Rita' } } });
  });

  it('makes a subscriber who updates the customer record a customer, with a new session saying so', async () => {
    const subscriber = (
      await api.call('POST', '/v2/customers/subscribers', {
        body: {
          fname: 'Sal',
          lname: 'Tide',
          email: 'sal@example.com',
          password: 'Harbour-9',
          passwordConfirm: 'Harbour-9',
        },
      })
    ).body as Session;
    expect(subscriber.user.role).toBe('subscriber');
    const body = {
      userid: subscriber.user.userid,
      email: 'sal@example.com',
      shippingData: SHIPPING_DATA,
      billToShip: true,
      subscription: 1,
    };
    const res = await api.call('PATCH', '/v2/customers', { token: subscriber.token, body });
    expect(res).toMatchObject({
      status: 200,
      body: { ok: true, token: anyString, refreshToken: anyString, user: { role: 'customer', firstName: 'Rita' } },
    });
    const upgraded = res.body as Session;
    expect((await api.call('GET', '/a/user/', { token: upgraded.token })).body).toMatchObject({
      user: { role: 'customer' },
      shipping: { city: 'San Diego' },
    });
    // A customer's later update changes no session.
    expect(await api.call('PATCH', '/v2/customers', { token: upgraded.token, body })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await api.call('PATCH', '/v2/customers', { token: upgraded.token, body })).body).not.toHaveProperty(
      'token',
    );
  });

  it('updates the signed-in customer only', async () => {
    const session = (await login('acai@example.com', 'Acai12345!')).body as Session;
    const body = {
      userid: session.user.userid,
      email: 'acai@example.com',
      shippingData: { ...SHIPPING_DATA, city: 'La Jolla', zip: '92037' },
      billToShip: true,
      subscription: 1,
    };
    expect(await api.call('PATCH', '/v2/customers', { token: session.token, body })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await api.call('GET', '/a/user/', { token: session.token })).body).toMatchObject({
      shipping: { city: 'La Jolla' },
      user: { role: 'acai' },
    });
    expect(
      (
        await api.call('PATCH', '/v2/customers', {
          token: session.token,
          body: { ...body, userid: session.user.userid + 100 },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.call('PATCH', '/v2/customers', {
          token: session.token,
          body: { ...body, email: 'customer@example.com', passwordold: 'Acai12345!' },
        })
      ).status,
    ).toBe(422);
    expect((await api.call('PATCH', '/v2/customers', { body })).status).toBe(401);
  });

  it('keeps a guest record per basket', async () => {
    const { BASKETNUM } = (await api.call('POST', '/a/item/2043/1')).body as { BASKETNUM: string };
    expect(await api.call('GET', `/a/guest/${BASKETNUM}`)).toMatchObject({
      status: 404,
      body: { message: 'guest record not found' },
    });
    const record = {
      email: 'guest@example.com',
      shippingData: SHIPPING_DATA,
      billToShip: true,
      subscription: 1,
      username: 'guest@example.com',
    };
    const headers = { 'x-basket-key': 'guest-key-0123456789abcdef' };
    expect(await api.call('POST', `/a/guest/${BASKETNUM}`, { body: record, headers })).toMatchObject({
      status: 200,
      body: { email: 'guest@example.com', basketNum: BASKETNUM },
    });
    expect(await api.call('GET', `/a/guest/${BASKETNUM}`, { headers })).toMatchObject({
      status: 200,
      body: { email: 'guest@example.com', shippingData: { city: 'San Diego' }, billingData: { city: 'San Diego' } },
    });
    expect((await api.call('GET', '/a/guest/unknown')).status).toBe(404);
    expect(
      (await api.call('POST', `/a/guest/${BASKETNUM}`, { body: { email: 'guest@example.com' }, headers })).status,
    ).toBe(400);
  });
});
