/**
 * Whether a browser says this request was started by another site (a link, a form or a redirect
 * from elsewhere). `same-origin` and `none` (typed address, bookmark) are this site's own; a
 * request without the header is not from a current browser and is treated as this site's.
 */
export function isCrossSiteRequest(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}
