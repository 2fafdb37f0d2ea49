/** Page navigations, as opposed to the proxy, assets and form posts. */
export function isPageNavigation(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname.startsWith('/api/') || pathname.startsWith('/_astro/')) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}
