/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('~/lib/i18n/locales').Locale;
    t: import('~/lib/i18n/translate').Translate;
    claims: import('~/lib/session/claims').SessionClaims | null;
    viewer: import('~/lib/session/claims').Viewer;
    basketNum: string | undefined;
    store: import('~/stores').StoreVariant;
    /** The page before this one on this site, from the Referer (the stored target page). */
    previousPage: string | undefined;
    /** X-Request-Id of this request (src/middleware/request-id.ts). */
    requestId: string;
  }
}
