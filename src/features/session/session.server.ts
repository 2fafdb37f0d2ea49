import type { AstroCookies } from 'astro';
import { config } from '~/config';
import { applyCookies } from '~/lib/server/proxy/astro';
import { isAccessTokenStale, refreshTokens, TOKEN_PREFIX } from '~/lib/server/proxy/refresh';
import {
  clearedAuthCookies,
  loggedOutCookies,
  claimsFromUser,
  loginAnswerSchema,
  secureCookiesFor,
  signInCookies,
  tokenCookies,
} from '~/lib/server/proxy/session-cookies';
import { storeApi } from '~/lib/server/store-api';
import { CLIENT_ADDRESS_HEADER, visitorAddress } from '~/lib/server/client-address';
import { decodeClaims, type Role } from './claims';
import { COOKIES } from './cookies';
import { deriveSession, LOGIN_ROLE, type CurrentUser } from './session';

/** Server-side session actions for forms posted without JavaScript and for the guard. */
interface ServerContext {
  cookies: AstroCookies;
  url: URL;
  readonly clientAddress?: string;
}

const RATE_LIMIT_HEADER = 'X-Disable-Rate-Limit';

function secure(context: ServerContext): boolean {
  return secureCookiesFor(context.url.hostname);
}

export type ServerLoginResult = { ok: true; role: Role } | { ok: false; status: number; error: string };

export async function serverLogin(
  context: ServerContext,
  fields: { username: string; password: string },
  options: { disableRateLimit?: boolean } = {},
): Promise<ServerLoginResult> {
  const headers: Record<string, string> = {};
  if (options.disableRateLimit && config.PUBLIC_APP_ENV !== 'production') headers[RATE_LIMIT_HEADER] = '1';
  const client = visitorAddress(context);
  if (client) headers[CLIENT_ADDRESS_HEADER] = client;
  const result = await storeApi('v2/auth/login', {
    method: 'POST',
    body: { tokenPrefix: TOKEN_PREFIX, username: fields.username, password: fields.password, role: LOGIN_ROLE },
    headers,
  });
  if (!result.ok) return { ok: false, status: result.status, error: result.error };
  const parsed = loginAnswerSchema.safeParse(result.body);
  if (!parsed.success) return { ok: false, status: 502, error: 'bad login answer' };
  applyCookies(context.cookies, signInCookies(parsed.data, secure(context)));
  return { ok: true, role: claimsFromUser(parsed.data.user).role };
}

/** Ends the session upstream; a 401 there means it was already over, so it ends here too. */
export async function serverLogout(context: ServerContext): Promise<boolean> {
  const token = context.cookies.get(COOKIES.access)?.value;
  const refreshToken = context.cookies.get(COOKIES.refresh)?.value;
  if (token || refreshToken) {
    const result = await storeApi('v2/auth/logout', { method: 'POST', token, body: { tokenPrefix: TOKEN_PREFIX, refreshToken: refreshToken ?? '' } });
    if (!result.ok && result.status !== 401) return false;
  }
  applyCookies(context.cookies, loggedOutCookies());
  return true;
}

/** Removes the auth token (continue as guest, create account). */
export function dropTokens(context: ServerContext): void {
  applyCookies(context.cookies, clearedAuthCookies());
}

/** Ends the guest session. */
export function endGuestSession(context: ServerContext): void {
  applyCookies(context.cookies, [{ name: COOKIES.guest, delete: true }, { name: COOKIES.claims, delete: true }]);
}

export type FreshnessOutcome = 'none' | 'fresh' | 'refreshed' | 'failed';

/**
 * Before a route is decided, an expired access token is exchanged; a failed exchange clears the
 * auth cookies (the basket number stays).
 */
export async function ensureFreshToken(context: ServerContext): Promise<FreshnessOutcome> {
  const access = context.cookies.get(COOKIES.access)?.value;
  const refresh = context.cookies.get(COOKIES.refresh)?.value;
  if (!access && !refresh) return 'none';
  if (!isAccessTokenStale(access)) return 'fresh';
  if (!refresh) {
    applyCookies(context.cookies, clearedAuthCookies());
    return 'failed';
  }
  const outcome = await refreshTokens(
    { baseUrl: config.STORE_API_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, fetch: (input, init) => globalThis.fetch(input, init) },
    refresh,
  );
  if (!outcome.ok) {
    applyCookies(context.cookies, clearedAuthCookies());
    return 'failed';
  }
  applyCookies(context.cookies, tokenCookies(outcome, secure(context)));
  return 'refreshed';
}

export function accessTokenFrom(cookies: AstroCookies): string | undefined {
  return cookies.get(COOKIES.access)?.value;
}

/** The current user for a page's first paint; pass it to islands, which call initSession(user). */
export function sessionOf(context: ServerContext): CurrentUser {
  const { cookies, url } = context;
  const hasToken = Boolean(cookies.get(COOKIES.access)?.value || cookies.get(COOKIES.refresh)?.value);
  return deriveSession({
    claims: decodeClaims(cookies.get(COOKIES.claims, { decode: (value) => value })?.value),
    hasToken,
    guestRecord: cookies.get(COOKIES.guest)?.value,
    query: url.searchParams,
  });
}
