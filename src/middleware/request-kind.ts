/** Page navigations, as opposed to the proxy, assets and form posts. */
export function isPageRequest(request: Request, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname.startsWith('/api/') || pathname.startsWith('/_astro/')) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}
