import type { APIRoute } from 'astro';
import { config } from '~/config';
import { basketKeyFrom } from '~/lib/server/basket-key';
import { visitorAddress } from '~/lib/server/client-address';
import { handleProxy } from '~/lib/server/proxy/handler';
import { proxyDepsFor, applyCookies, toResponse } from '~/lib/server/proxy/astro';
import { sessionTokensOf } from '~/lib/server/proxy/session-cookies';

export const prerender = false;

/** The same-origin proxy to the store API; see src/lib/server/proxy/. */
export const ALL: APIRoute = async (context) => {
  const deps = proxyDepsFor(context, config);
  const tokens = sessionTokensOf(context.cookies, deps.secureCookies);
  const output = await handleProxy(deps, {
    request: context.request,
    path: context.url.pathname.replace(/^\/api\//, ''),
    search: context.url.search,
    accessToken: tokens.access,
    refreshToken: tokens.refresh,
    basketKey: basketKeyFrom(context.cookies),
    clientAddress: visitorAddress(context),
  });
  applyCookies(context.cookies, output.cookies);
  return toResponse(output);
};
