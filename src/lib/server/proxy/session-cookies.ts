import { z } from 'zod';
import { encodeClaims, ROLES, type SessionClaims } from '~/features/session/claims';
import { ALL_TOKEN_COOKIE_NAMES, COOKIES, COOKIE_MAX_AGE, tokenCookieNames } from '~/features/session/cookies';
import { isOneOf } from '~/lib/is-one-of';

/** What the server sets on each of its cookies; `maxAge` is absent for a cookie of one visit. */
export interface SiteCookieOptions {
  path: '/';
  httpOnly: boolean;
  sameSite: 'strict';
  secure: boolean;
  maxAge?: number;
}

export interface CookieOptions extends SiteCookieOptions {
  maxAge: number;
  /** Values are stored as given (the claims are already URI-encoded). */
  encode: (value: string) => string;
}

export type CookieOp = { name: string; value: string; options: CookieOptions } | { name: string; delete: true };

const asIs = (value: string) => value;

/**
 * Secure exactly when the visitor reached the site over https. The request URL's scheme is the
 * connection's, or X-Forwarded-Proto where the production entry believes it (TRUST_PROXY peers
 * only); the Host name never decides, since anyone can send any Host.
 */
export function secureCookiesFor(url: URL): boolean {
  return url.protocol === 'https:';
}

/** Cookies page JavaScript must never read: the tokens, the guest record and the stored target page. */
const HTTP_ONLY_COOKIES: ReadonlySet<string> = new Set([...ALL_TOKEN_COOKIE_NAMES, COOKIES.guest, COOKIES.targetPage, COOKIES.basketKey]);

/** The session's tokens as this request sends them, under the names its scheme uses (see tokenCookieNames). */
export function sessionTokensOf(cookies: { get: (name: string) => { value: string } | undefined }, secure: boolean): { access?: string; refresh?: string } {
  const names = tokenCookieNames(secure);
  const tokens: { access?: string; refresh?: string } = {};
  const access = cookies.get(names.access)?.value;
  const refresh = cookies.get(names.refresh)?.value;
  if (access) tokens.access = access;
  if (refresh) tokens.refresh = refresh;
  return tokens;
}

/**
 * The one rule for every cookie the server sets: SameSite=Strict so no other site's page can
 * send it, httpOnly for anything that authorizes, Secure as `secureCookiesFor` decides.
 */
/** How a site cookie is deleted: with the SameSite it was set with, so the deletion is as strict as the cookie. */
export const DELETE_COOKIE_OPTIONS = { path: '/', sameSite: 'strict' } as const;

export function siteCookieOptions(name: string, secure: boolean): SiteCookieOptions {
  const options: SiteCookieOptions = { path: '/', httpOnly: HTTP_ONLY_COOKIES.has(name), sameSite: 'strict', secure };
  // The stored target page only matters during this visit.
  if (name === COOKIES.targetPage) return options;
  return { ...options, maxAge: name === COOKIES.lang ? COOKIE_MAX_AGE.lang : COOKIE_MAX_AGE.default };
}

function cookie(name: string, value: string, secure: boolean): CookieOp {
  return { name, value, options: { ...siteCookieOptions(name, secure), maxAge: COOKIE_MAX_AGE.default, encode: asIs } };
}

const userSchema = z.looseObject({
  userid: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  role: z.string().optional(),
  department: z.string().optional(),
});

/** Login, account creation and subscriber answers: tokens plus the person. */
export const loginAnswerSchema = z.looseObject({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  user: userSchema.optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const refreshAnswerSchema = z.looseObject({ token: z.string().min(1), refreshToken: z.string().min(1) });

export function claimsFromUser(user: z.infer<typeof userSchema> | undefined): SessionClaims {
  const named = user?.role;
  const role = isOneOf(ROLES, named) ? named : 'subscriber';
  const claims: SessionClaims = { role, guest: false };
  const userid = user?.userid ?? user?.id;
  if (userid !== undefined) claims.userid = userid;
  if (user?.firstName !== undefined) claims.firstName = user.firstName;
  if (user?.lastName !== undefined) claims.lastName = user.lastName;
  if (user?.department !== undefined) claims.department = user.department;
  return claims;
}

export function tokenCookies(tokens: { token: string; refreshToken: string }, secure: boolean): CookieOp[] {
  const names = tokenCookieNames(secure);
  return [cookie(names.access, tokens.token, secure), cookie(names.refresh, tokens.refreshToken, secure)];
}

/** The readable session cookie: who is signed in, never a token. */
export function claimsCookie(claims: SessionClaims, secure: boolean): CookieOp {
  return cookie(COOKIES.claims, encodeClaims(claims), secure);
}

export function signInCookies(answer: LoginAnswer, secure: boolean): CookieOp[] {
  return [...tokenCookies(answer, secure), claimsCookie(claimsFromUser(answer.user), secure), { name: COOKIES.guest, delete: true }];
}

/** The guest's basket key, made when a guest record is first written. */
export function basketKeyCookie(key: string, secure: boolean): CookieOp {
  return cookie(COOKIES.basketKey, key, secure);
}

/** A guest record for the basket: guest authorization removes the user's tokens. */
export function guestCookies(basketNum: string, secure: boolean): CookieOp[] {
  const names = tokenCookieNames(secure);
  return [
    { name: names.access, delete: true },
    { name: names.refresh, delete: true },
    cookie(COOKIES.guest, basketNum, secure),
    claimsCookie({ role: 'guest', guest: true }, secure),
  ];
}

export function clearedAuthCookies(secure: boolean): CookieOp[] {
  const names = tokenCookieNames(secure);
  return [names.access, names.refresh, COOKIES.claims].map((name) => ({ name, delete: true as const }));
}

/**
 * A chosen logout ends the session and the cart state with it (shopping §4): on a shared computer
 * the next person starts with an empty cart. A forced logout (failed refresh) keeps the basket.
 */
export function loggedOutCookies(secure: boolean): CookieOp[] {
  return [
    ...clearedAuthCookies(secure),
    { name: COOKIES.guest, delete: true },
    { name: COOKIES.basket, delete: true },
    // The next person must not inherit the guest checkouts (and their addresses) of this one.
    { name: COOKIES.basketKey, delete: true },
  ];
}

/** The answer body with every token removed, so none reaches page JavaScript. */
export function withoutTokens(body: Record<string, unknown>): Record<string, unknown> {
  const { token: _token, refreshToken: _refresh, accessToken: _access, access_token: _a, refresh_token: _r, ...rest } = body;
  return rest;
}
