/**
 * The names of every cookie the site sets, as over http; over https each is sent with the
 * `__Host-` prefix (see siteCookieName). Tokens are httpOnly; claims are readable.
 */
export const COOKIES = {
  access: 'ps_access',
  refresh: 'ps_refresh',
  claims: 'ps_session',
  guest: 'ps_guest',
  basket: 'BASKETN',
  /** The guest's secret that owns their baskets (store-api/README.md "Ownership"). */
  basketKey: 'ps_basket_key',
  lang: 'LANG',
  /** Which order payment success shows this visitor, signed (order-record.ts); never the receipt. */
  orderRecord: 'ps_order',
  /** The last private page shown: payment success with nothing to show returns there (checkout §4). */
  targetPage: 'ps_target',
  chatStarted: 'ps_chat_started',
  /** The refused entries of an add-to-cart link, shown once on the cart that follows. */
  cartRejected: 'ps_cart_rejected',
  /** What a shared parts list added to the cart, said once on the cart that follows. */
  cartShared: 'ps_cart_shared',
  /** A basket number a link named that the store does not hold, said once on the cart that follows. */
  cartMissing: 'ps_cart_missing',
  /** The basket whose shipping option the shopper chose on review: review then opens with that choice. */
  shippingChosen: 'ps_ship_chosen',
} as const;

/**
 * Set by the storefront, not by this site, so it keeps its bare name on every scheme (a
 * `__Host-` cookie can come only from this host). It only pre-fills the order's engine note,
 * rendered escaped, so a planted one can do no more than a shopper's own typing.
 */
export const ENGINE_MODEL_COOKIE = 'ENGINE_MODEL';

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

/**
 * A site cookie's name as the browser keeps it: `__Host-` wherever cookies are Secure (https), so
 * neither a sibling subdomain nor a plain-http answer can set or shadow it; the bare name over
 * http (the developer's own machine), where browsers refuse the prefix.
 */
export function siteCookieName(name: string, secure: boolean): string {
  return secure ? `${HOST_PREFIX}${name}` : name;
}

/** The name a site cookie has over http, whichever name it was given. */
export function bareCookieName(name: string): string {
  return name.startsWith(HOST_PREFIX) ? name.slice(HOST_PREFIX.length) : name;
}

export interface TokenCookieNames {
  access: string;
  refresh: string;
}

export function tokenCookieNames(secure: boolean): TokenCookieNames {
  return { access: siteCookieName(COOKIES.access, secure), refresh: siteCookieName(COOKIES.refresh, secure) };
}

/** Every name a token cookie may be sent under, prefixed or not. */
export const ALL_TOKEN_COOKIE_NAMES: readonly string[] = [false, true].flatMap((secure) => {
  const names = tokenCookieNames(secure);
  return [names.access, names.refresh];
});

/** Both names a site cookie may be sent under: the bare one and the `__Host-` one. */
export function bothCookieNames(name: string): [string, string] {
  return [siteCookieName(name, false), siteCookieName(name, true)];
}

/**
 * Bare names an https request may carry from before every cookie there had the prefix, or planted
 * by a sibling subdomain: these two name a basket and a language, which authorize nothing, and are
 * renamed to their `__Host-` names; any other bare site cookie there is deleted unread.
 */
export const RENAMED_BARE_COOKIES: readonly string[] = [COOKIES.basket, COOKIES.lang];
