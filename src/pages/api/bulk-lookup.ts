import type { APIRoute } from 'astro';
import { config } from '~/config';
import { handleBulkLookup } from '~/features/bulk-add/bulk-add.server';
import { visitorAddress } from '~/lib/server/client-address';
import { proxyDepsFor } from '~/lib/server/proxy/astro';
import { applyCookies } from '~/lib/session/cookie-options';
import { sessionTokensOf } from '~/lib/session/tokens';

export const prerender = false;

/** Bulk add's batch lookup (features/bulk-add/bulk-add.server.ts); a fixed route, so the proxy beside it never sees it. */
export const ALL: APIRoute = async (context) => {
  const deps = proxyDepsFor(context, config);
  const tokens = sessionTokensOf(context.cookies, deps.secureCookies);
  const output = await handleBulkLookup(
    { ...deps, storeId: config.STORE_ID },
    {
      request: context.request,
      accessToken: tokens.access,
      refreshToken: tokens.refresh,
      clientAddress: visitorAddress(context),
    },
  );
  applyCookies(context.cookies, output.cookies);
  const body = output.body instanceof Uint8Array ? (output.body as Uint8Array<ArrayBuffer>) : output.body;
  return new Response(body, { status: output.status, headers: output.headers });
};
