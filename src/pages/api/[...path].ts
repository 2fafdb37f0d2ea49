import type { APIRoute } from 'astro';
import { config } from '~/config';
import { COOKIES } from '~/features/session/cookies';
import { visitorAddress } from '~/lib/server/client-address';
import { handleProxy } from '~/lib/server/proxy/handler';
import { proxyDepsFor, applyCookies, toResponse } from '~/lib/server/proxy/astro';

export const prerender = false;

/** The same-origin proxy to the store API; see src/lib/server/proxy/. */
export const ALL: APIRoute = async (context) => {
  const output = await handleProxy(proxyDepsFor(context, config), {
    request: context.request,
    path: context.url.pathname.replace(/^\/api\//, ''),
    search: context.url.search,
    accessToken: context.cookies.get(COOKIES.access)?.value,
    refreshToken: context.cookies.get(COOKIES.refresh)?.value,
    clientAddress: visitorAddress(context),
  });
  applyCookies(context.cookies, output.cookies);
  return toResponse(output);
};
