/**
 * Public pages may be cached by a shared cache (CDN) for a short while, but browsers revalidate:
 * an unprefixed page answers differently once a LANG cookie exists, so a CDN in front must key
 * unprefixed routes on that cookie (see README, production).
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
