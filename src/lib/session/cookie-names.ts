/** Names and lifetimes of every cookie the site sets. Tokens are httpOnly; claims are readable. */
export const COOKIES = {
  access: 'ps_access',
  refresh: 'ps_refresh',
  claims: 'ps_session',
  guest: 'ps_guest',
  basket: 'BASKETN',
  /** The guest's secret that owns their baskets (store-api/README.md "Ownership"). */
  basketKey: 'ps_basket_key',
  lang: 'LANG',
  /** The last private page shown: payment success with nothing to show returns there (checkout §4). */
  targetPage: 'ps_target',
  chatStarted: 'ps_chat_started',
  engineModel: 'ENGINE_MODEL',
} as const;

/** Older releases used these names for cookies that authorize nothing; the middleware renames them on the next visit. */
export const LEGACY_COOKIES: Readonly<Record<string, string>> = {
  basketNum: COOKIES.basket,
  language: COOKIES.lang,
};

/**
 * Token cookies of older releases. They are deleted on sight and never become a session: a
 * sibling subdomain can set cookies under these names for this host, and nothing the server
 * receives tells the visitor's own old token from one planted there. Their owners sign in again.
 */
export const LEGACY_TOKEN_COOKIES: readonly string[] = ['token', 'refresh_token'];

/** What a `__Host-` cookie must be: Secure, Path=/ and no Domain, so only this host can set it. */
export const HOST_PREFIX = '__Host-';

export interface TokenCookieNames {
  access: string;
  refresh: string;
}

/**
 * The token cookies' names: `__Host-` wherever cookies are Secure (https), so neither a sibling
 * subdomain nor a plain-http answer can set or shadow them. Over http (the developer's own
 * machine) browsers refuse the prefix, so the bare names are used there.
 */
export function tokenCookieNames(secure: boolean): TokenCookieNames {
  return secure
    ? { access: `${HOST_PREFIX}${COOKIES.access}`, refresh: `${HOST_PREFIX}${COOKIES.refresh}` }
    : { access: COOKIES.access, refresh: COOKIES.refresh };
}

/** Every name a token cookie may be sent under, prefixed or not. */
export const ALL_TOKEN_COOKIE_NAMES: readonly string[] = [false, true].flatMap((secure) => {
  const names = tokenCookieNames(secure);
  return [names.access, names.refresh];
});

/**
 * The basket key's name: `__Host-` over https, so neither a sibling subdomain nor a plain-http
 * answer can set it; the bare name over http, where browsers refuse the prefix.
 */
export function basketKeyCookieName(secure: boolean): string {
  return secure ? `${HOST_PREFIX}${COOKIES.basketKey}` : COOKIES.basketKey;
}

/** Every name the basket key may be sent under, for the deletions that end a person's session. */
export const ALL_BASKET_KEY_COOKIE_NAMES: readonly string[] = [basketKeyCookieName(false), basketKeyCookieName(true)];
