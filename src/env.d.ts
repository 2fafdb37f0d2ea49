/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('~/lib/i18n/locales').Locale;
    t: import('~/lib/i18n/translate').Translate;
    claims: import('~/features/session/claims').SessionClaims | null;
    viewer: import('~/features/session/claims').Viewer;
    basketNum: string | undefined;
    store: import('~/stores').StoreVariant;
    /** The page remembered before this one (the stored target page), read before this page replaces it. */
    previousPage: string | undefined;
  }
}
