import { expect } from 'vitest';
import type { TestApi } from './harness';

/** Signing up and in over HTTP against the reference store API, as the tests of accounts need it. */

/** The session a sign-up or a login answers with. */
export interface Session {
  token: string;
  refreshToken: string;
  user: { userid: number; email: string; role: string; firstName: string; lastName: string; department: string };
}

/** Lets a test sign in as often as it needs; the login limit has tests of its own. */
export const NO_LIMIT = { 'x-disable-rate-limit': '1' };

/** A US shipping address as the customer form posts it. */
export const SHIPPING_DATA = {
  firstName: 'Rita',
  lastName: 'Dock',
  company: '',
  address1: '100 Harbor Dr',
  address2: '',
  city: 'San Diego',
  state: 'CA',
  zip: '92101',
  country: 'US',
  phone: '6195550100',
};

/** Signs up a new subscriber, Nora Keel, and returns the session the sign-up opens. */
export async function signUp(api: TestApi, email: string, password = 'Harbour-9'): Promise<Session> {
  const answer = await api.call('POST', '/v2/customers/subscribers', {
    body: { fname: 'Nora', lname: 'Keel', email, password, passwordConfirm: password },
  });
  expect(answer.status).toBe(200);
  return answer.body as Session;
}

/** The login's answer as it comes, refused or not. */
export const login = (api: TestApi, username: string, password: string) =>
  api.call('POST', '/v2/auth/login', { body: { username, password }, headers: NO_LIMIT });

/** Signs in and returns the session; a refused login fails the test. */
export async function signIn(api: TestApi, username: string, password: string): Promise<Session> {
  const answer = await login(api, username, password);
  expect(answer.status).toBe(200);
  return answer.body as Session;
}
