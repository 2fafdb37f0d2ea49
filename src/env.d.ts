/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('~/lib/i18n/locales').Locale;
    t: import('~/lib/i18n/translate').Translate;
    claims: import('~/features/session/claims').SessionClaims | null;
    viewer: import('~/features/session/claims').Viewer;
    basketNum: string | undefined;
    store: import('~/stores').StoreVariant;
    /** X-Request-Id of this request (src/middleware/request-id.ts). */
    requestId: string;
  }
}
