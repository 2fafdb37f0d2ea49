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
  chatStarted: 'ps_chat_started',
  engineModel: 'ENGINE_MODEL',
} as const;

/** Older releases used these names; the middleware renames them on the next visit. */
export const LEGACY_COOKIES: Readonly<Record<string, string>> = {
  token: COOKIES.access,
  refresh_token: COOKIES.refresh,
  basketNum: COOKIES.basket,
  language: COOKIES.lang,
};

const DAY_SECONDS = 86400;
export const COOKIE_MAX_AGE = {
  default: 365 * DAY_SECONDS,
  lang: 100000 * DAY_SECONDS,
  chatStarted: Math.round(0.04 * DAY_SECONDS),
} as const;
