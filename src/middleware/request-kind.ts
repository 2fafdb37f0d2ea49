import { isPageNavigation } from '~/lib/http/request-kind';

/** Page navigations, as opposed to the proxy, assets and form posts. */
export function isPageRequest(request: Request, pathname: string): boolean {
  return isPageNavigation(request.method, pathname);
}
