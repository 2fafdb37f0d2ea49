import { describe, expect, it } from 'vitest';
import { COOKIES } from '~/features/session/cookies';
import {
  claimsCookie,
  guestCookies,
  secureCookiesFor,
  signInCookies,
  siteCookieOptions,
  tokenCookies,
  type CookieOp,
} from '~/lib/server/proxy/session-cookies';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1', 'shop.localhost'];
// Hosts that merely look local must still get Secure cookies.
const PUBLIC = ['shop.example', 'www.example.com', '10.0.0.5', '192.168.1.20', '127.0.0.1.evil.example', 'localhost.evil.example', 'localhostx'];
const AUTH_COOKIES = [COOKIES.access, COOKIES.refresh, COOKIES.guest];

const setOps = (ops: CookieOp[]) => ops.flatMap((op) => ('delete' in op ? [] : [op]));

describe('secureCookiesFor', () => {
  it.each(LOOPBACK)('leaves Secure off on the loopback host %s, which runs over http', (host) => {
    expect(secureCookiesFor(host)).toBe(false);
  });
  it.each(PUBLIC)('sets Secure on %s', (host) => {
    expect(secureCookiesFor(host)).toBe(true);
  });
});

describe('siteCookieOptions', () => {
  it.each(AUTH_COOKIES)('makes %s httpOnly and SameSite=Strict on every host, Secure off loopback only', (name) => {
    for (const host of [...LOOPBACK, ...PUBLIC]) {
      const options = siteCookieOptions(name, secureCookiesFor(host));
      expect(options, `${name} on ${host}`).toMatchObject({ path: '/', httpOnly: true, sameSite: 'strict', secure: !LOOPBACK.includes(host) });
    }
  });

  it('keeps the readable cookies SameSite=Strict and Secure off loopback', () => {
    for (const name of [COOKIES.claims, COOKIES.basket, COOKIES.lang]) {
      expect(siteCookieOptions(name, true), name).toMatchObject({ httpOnly: false, sameSite: 'strict', secure: true });
      expect(siteCookieOptions(name, false).secure, name).toBe(false);
    }
  });

  it('makes every cookie long-lived, the language longest', () => {
    expect(siteCookieOptions(COOKIES.access, true).maxAge).toBeGreaterThan(86400);
    expect(siteCookieOptions(COOKIES.lang, true).maxAge).toBeGreaterThan(siteCookieOptions(COOKIES.access, true).maxAge ?? 0);
  });
});

describe('the cookies of sign-in, refresh and guest authorization', () => {
  const answer = { token: 'access.jwt', refreshToken: 'refresh-1', user: { userid: 7, role: 'customer' } };

  it.each([true, false])('are httpOnly and SameSite=Strict, Secure exactly when asked (secure=%s)', (secure) => {
    const ops = [...setOps(signInCookies(answer, secure)), ...setOps(tokenCookies(answer, secure)), ...setOps(guestCookies('B-1', secure))];
    const auth = ops.filter((op) => AUTH_COOKIES.includes(op.name as (typeof AUTH_COOKIES)[number]));
    expect(new Set(auth.map((op) => op.name))).toEqual(new Set([COOKIES.access, COOKIES.refresh, COOKIES.guest]));
    for (const op of auth) expect(op.options, op.name).toMatchObject({ httpOnly: true, sameSite: 'strict', secure });
    expect(setOps([claimsCookie({ role: 'guest', guest: true }, secure)])[0]?.options).toMatchObject({ httpOnly: false, sameSite: 'strict', secure });
  });
});
