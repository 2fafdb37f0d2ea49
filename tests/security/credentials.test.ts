import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, signIn, signUp, SHIPPING_DATA } from '../store-api/accounts';
import { startTestApi, type TestApi } from '../store-api/harness';

/** Issue 21 finding 7: credential changes need the current password and end the other sessions. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const refresh = (refreshToken: string) => api.call('POST', '/v2/auth/refresh', { body: { refreshToken } });

describe('credential changes', () => {
  it('a signed-in POST v2/customers does not change the password', async () => {
    const session = await signUp(api, 'keep-password@example.com');
    const body = {
      email: 'keep-password@example.com',
      shippingData: SHIPPING_DATA,
      billToShip: 1,
      password: 'Taken-over1',
      passwordConfirm: 'Taken-over1',
    };
    expect(await api.call('POST', '/v2/customers', { token: session.token, body })).toMatchObject({
      status: 403,
      body: { message: 'The current password is not correct' },
    });
    expect((await login(api, 'keep-password@example.com', 'Taken-over1')).status).toBe(401);
    expect((await login(api, 'keep-password@example.com', 'Harbour-9')).status).toBe(200);
    // With the account's own password the subscriber still becomes a customer.
    const upgraded = await api.call('POST', '/v2/customers', {
      token: session.token,
      body: { ...body, password: 'Harbour-9', passwordConfirm: 'Harbour-9' },
    });
    expect(upgraded).toMatchObject({ status: 200, body: { user: { role: 'customer' } } });
  });

  it('a password change ends the other sessions and keeps the one that made it', async () => {
    const here = await signUp(api, 'two-devices@example.com');
    const elsewhere = await signIn(api, 'two-devices@example.com', 'Harbour-9');
    expect(
      (
        await api.call('PATCH', '/a/user/password', {
          token: here.token,
          body: { passwordold: 'Harbour-9', password: 'Newer-99', passwordConfirm: 'Newer-99' },
        })
      ).status,
    ).toBe(200);
    expect(await refresh(elsewhere.refreshToken)).toMatchObject({ status: 401 });
    const kept = await refresh(here.refreshToken);
    expect(kept.status).toBe(200);
    // The rotated session is still the one that is kept on the next change.
    const next = kept.body as { token: string; refreshToken: string };
    expect(
      (
        await api.call('PATCH', '/a/user/password', {
          token: next.token,
          body: { passwordold: 'Newer-99', password: 'Newest-99', passwordConfirm: 'Newest-99' },
        })
      ).status,
    ).toBe(200);
    expect((await refresh(next.refreshToken)).status).toBe(200);
  });

  it('an e-mail change ends the other sessions and keeps the one that made it', async () => {
    const here = await signUp(api, 'mail-two-devices@example.com');
    const elsewhere = await signIn(api, 'mail-two-devices@example.com', 'Harbour-9');
    const answer = await api.call('PATCH', '/a/user/email', {
      token: here.token,
      body: { emailAddress: 'mail-moved@example.com', passwordold: 'Harbour-9' },
    });
    expect(answer.status).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
    expect((await refresh(here.refreshToken)).status).toBe(200);
  });

  it('a refused change ends no session', async () => {
    const here = await signUp(api, 'refused-change@example.com');
    const elsewhere = await signIn(api, 'refused-change@example.com', 'Harbour-9');
    expect(
      (
        await api.call('PATCH', '/a/user/password', {
          token: here.token,
          body: { passwordold: 'nope', password: 'Newer-99', passwordConfirm: 'Newer-99' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.call('PATCH', '/a/user/email', {
          token: here.token,
          body: { emailAddress: 'x-refused@example.com', passwordold: 'nope' },
        })
      ).status,
    ).toBe(403);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(200);
  });
});
