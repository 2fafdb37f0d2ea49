/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('~/lib/i18n/locales').Locale;
    t: import('~/lib/i18n/translate').Translate;
    /** Who the request comes from, read once from the session cookies (src/middleware/session.ts). */
    session: import('~/lib/session/session').Session;
    basketNum: string | undefined;
    store: import('~/stores').StoreVariant;
    /** The page before this one on this site, from the Referer (the stored target page). */
    previousPage: string | undefined;
    /** A page everyone may see (shopping §6), set by the page guard; false for other requests. */
    publicPage?: boolean;
    /** X-Request-Id of this request (src/middleware/request-id.ts). */
    requestId: string;
    /** When this request's time for the store API runs out; the store API client keeps to it. */
    deadline: import('~/lib/server/request-deadline').Deadline;
  }
}
