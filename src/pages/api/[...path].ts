import type { APIRoute } from 'astro';
import { config } from '~/config';
import { basketKeyFrom } from '~/lib/server/basket-key';
import { handleProxy } from '~/lib/server/proxy/handler';
import { proxyDepsFor, applyCookies, toResponse } from '~/lib/server/proxy/astro';
import { sessionTokensOf } from '~/lib/server/proxy/session-cookies';

export const prerender = false;

/** The visitor's address (a trusted proxy's X-Forwarded-For, else the peer), or undefined where unknown. */
function clientAddressOf(context: Parameters<APIRoute>[0]): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}

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
    clientAddress: clientAddressOf(context),
  });
  applyCookies(context.cookies, output.cookies);
  return toResponse(output);
};
