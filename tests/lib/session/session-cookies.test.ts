import { describe, expect, it } from 'vitest';
import {
  ALL_TOKEN_COOKIE_NAMES,
  COOKIES,
  ENGINE_MODEL_COOKIE,
  bothCookieNames,
  siteCookieName,
  tokenCookieNames,
} from '~/lib/session/cookie-names';
import {
  claimsCookie,
  clearedAuthCookies,
  guestCookies,
  loggedOutCookies,
  signInCookies,
} from '~/lib/session/session-cookies';
import { COOKIE_MAX_AGE, secureCookiesFor, siteCookieOptions, type CookieOp } from '~/lib/session/cookie-options';
import { basketKeyCookie } from '~/lib/session/basket-key';
import { sessionTokensOf, tokenCookies } from '~/lib/session/tokens';

// The scheme decides, never the host: a Host header is whatever the client sends.
const HTTP = [
  'http://localhost/',
  'http://127.0.0.1:4321/',
  'http://shop.example/',
  'http://www.example.com/',
  'http://10.0.0.5/',
];
const HTTPS = ['https://shop.example/', 'https://www.example.com/', 'https://localhost/', 'https://127.0.0.1/'];
const AUTH_COOKIES: string[] = [...ALL_TOKEN_COOKIE_NAMES, ...bothCookieNames(COOKIES.guest)];

const setOps = (ops: CookieOp[]) => ops.flatMap((op) => ('delete' in op ? [] : [op]));
const names = (ops: CookieOp[]) => ops.map((op) => op.name);

describe('secureCookiesFor', () => {
  it.each(HTTP)('leaves Secure off for a visit over http: %s', (url) => {
    expect(secureCookiesFor(new URL(url))).toBe(false);
  });
  it.each(HTTPS)('sets Secure for a visit over https: %s', (url) => {
    expect(secureCookiesFor(new URL(url))).toBe(true);
  });
});

describe('tokenCookieNames', () => {
  it('uses the __Host- prefix exactly where cookies are Secure', () => {
    expect(tokenCookieNames(true)).toEqual({ access: '__Host-ps_access', refresh: '__Host-ps_refresh' });
    expect(tokenCookieNames(false)).toEqual({ access: 'ps_access', refresh: 'ps_refresh' });
  });

  it('reads the tokens under the names of the request scheme only', () => {
    const jar = new Map([
      ['ps_access', 'bare-a'],
      ['ps_refresh', 'bare-r'],
      ['__Host-ps_access', 'host-a'],
    ]);
    const cookies = { get: (name: string) => (jar.has(name) ? { value: jar.get(name) ?? '' } : undefined) };
    expect(sessionTokensOf(cookies, true)).toEqual({ access: 'host-a' });
    expect(sessionTokensOf(cookies, false)).toEqual({ access: 'bare-a', refresh: 'bare-r' });
  });
});

describe('siteCookieOptions', () => {
  it.each(AUTH_COOKIES)(
    'makes %s httpOnly, SameSite=Strict, Path=/ on every scheme, Secure over https only',
    (name) => {
      for (const url of [...HTTP, ...HTTPS]) {
        const secure = secureCookiesFor(new URL(url));
        expect(siteCookieOptions(name, secure), `${name} on ${url}`).toMatchObject({
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: HTTPS.includes(url),
        });
      }
    },
  );

  it('keeps the readable cookies SameSite=Strict and Secure over https', () => {
    for (const name of [COOKIES.claims, COOKIES.basket, COOKIES.lang]) {
      expect(siteCookieOptions(name, true), name).toMatchObject({ httpOnly: false, sameSite: 'strict', secure: true });
      expect(siteCookieOptions(name, false).secure, name).toBe(false);
    }
  });

  it('keeps a customer signed in 30 days, an anonymous basket number a year, the language longest', () => {
    for (const name of [COOKIES.access, COOKIES.refresh, COOKIES.claims])
      expect(siteCookieOptions(name, true).maxAge, name).toBe(30 * 86400);
    expect(siteCookieOptions(COOKIES.basket, true).maxAge).toBe(365 * 86400);
    expect(siteCookieOptions(COOKIES.lang, true).maxAge).toBeGreaterThan(365 * 86400);
  });
});

describe('lifetimes at a shared computer', () => {
  const answer = { token: 'access.jwt', refreshToken: 'refresh-1', user: { userid: 7, role: 'customer' } };

  it.each([true, false])("end a guest's cookies with the browser session (secure=%s)", (secure) => {
    const guest = setOps([...guestCookies('B-1', secure), basketKeyCookie('key-0123456789abcdef', secure)]);
    expect(guest).toHaveLength(3);
    for (const op of guest) expect(op.options, op.name).not.toHaveProperty('maxAge');
  });

  it("keep a signed-in customer's tokens and claims for 30 days", () => {
    const customer = setOps(signInCookies(answer, true));
    expect(customer).toHaveLength(3);
    for (const op of customer) expect(op.options.maxAge, op.name).toBe(COOKIE_MAX_AGE.signedIn);
  });
});

describe('the cookies of sign-in, refresh, guest authorization and logout', () => {
  const answer = { token: 'access.jwt', refreshToken: 'refresh-1', user: { userid: 7, role: 'customer' } };

  it.each([true, false])('are httpOnly and SameSite=Strict, Secure and named for the scheme (secure=%s)', (secure) => {
    const tokens = tokenCookieNames(secure);
    const ops = [
      ...setOps(signInCookies(answer, secure)),
      ...setOps(tokenCookies(answer, secure)),
      ...setOps(guestCookies('B-1', secure)),
    ];
    const auth = ops.filter((op) => AUTH_COOKIES.includes(op.name));
    expect(new Set(auth.map((op) => op.name))).toEqual(
      new Set([tokens.access, tokens.refresh, siteCookieName(COOKIES.guest, secure)]),
    );
    for (const op of auth)
      expect(op.options, op.name).toMatchObject({ httpOnly: true, sameSite: 'strict', secure, path: '/' });
    expect(setOps([claimsCookie({ role: 'guest', guest: true }, secure)])[0]?.options).toMatchObject({
      httpOnly: false,
      sameSite: 'strict',
      secure,
    });
  });

  it.each([true, false])('delete the token cookies under the names of the scheme (secure=%s)', (secure) => {
    const tokens = tokenCookieNames(secure);
    expect(names(clearedAuthCookies(secure))).toEqual([
      tokens.access,
      tokens.refresh,
      siteCookieName(COOKIES.claims, secure),
    ]);
    expect(names(loggedOutCookies(secure))).toEqual(expect.arrayContaining([tokens.access, tokens.refresh]));
    expect(names(guestCookies('B-1', secure)).slice(0, 2)).toEqual([tokens.access, tokens.refresh]);
  });
});

describe('every cookie the site sets', () => {
  const answer = { token: 'access.jwt', refreshToken: 'refresh-1', user: { userid: 7, role: 'customer' } };
  const everyCookie = (secure: boolean) => [
    ...signInCookies(answer, secure),
    ...guestCookies('B-1', secure),
    ...loggedOutCookies(secure),
    basketKeyCookie('key', secure),
  ];

  it('is __Host- over https, Secure with Path=/ and no Domain, so no sibling subdomain can plant one', () => {
    for (const op of everyCookie(true).filter((cookie) => cookie.name !== ENGINE_MODEL_COOKIE)) {
      expect(op.name).toMatch(/^__Host-/);
      if (!('delete' in op)) {
        expect(op.options, op.name).toMatchObject({ secure: true, path: '/', sameSite: 'strict' });
        expect('domain' in op.options, op.name).toBe(false);
      }
    }
  });

  it('has its bare name over http, where browsers refuse the prefix', () => {
    for (const op of everyCookie(false)) expect(op.name).not.toMatch(/^__Host-/);
  });
});
