import type { AstroCookies } from 'astro';
import { COOKIES, tokenCookieNames } from './cookie-names';
import { siteCookie, type CookieOp } from './cookie-options';

interface CookieReader {
  get: (name: string) => { value: string } | undefined;
}

/** The session's tokens as this request sends them, under the names its scheme uses (see tokenCookieNames). */
export function sessionTokensOf(cookies: CookieReader, secure: boolean): { access?: string; refresh?: string } {
  const names = tokenCookieNames(secure);
  const tokens: { access?: string; refresh?: string } = {};
  const access = cookies.get(names.access)?.value;
  const refresh = cookies.get(names.refresh)?.value;
  if (access) tokens.access = access;
  if (refresh) tokens.refresh = refresh;
  return tokens;
}

/**
 * The access token for a server page's call. Either name may be read: the session middleware has
 * already deleted (and so hidden) the bare name on an https request, where only `__Host-` counts.
 */
export function accessTokenFrom(cookies: AstroCookies): string | undefined {
  return cookies.get(tokenCookieNames(true).access)?.value ?? cookies.get(tokenCookieNames(false).access)?.value;
}

export function tokenCookies(tokens: { token: string; refreshToken: string }, secure: boolean): CookieOp[] {
  return [siteCookie(COOKIES.access, tokens.token, secure), siteCookie(COOKIES.refresh, tokens.refreshToken, secure)];
}

/** The answer body with every token removed, so none reaches page JavaScript. */
export function withoutTokens(body: Record<string, unknown>): Record<string, unknown> {
  const {
    token: _token,
    refreshToken: _refresh,
    accessToken: _access,
    access_token: _a,
    refresh_token: _r,
    ...rest
  } = body;
  return rest;
}
