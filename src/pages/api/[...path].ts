import type { APIRoute } from 'astro';
import { config } from '~/config';
import { visitorAddress } from '~/lib/server/client-address';
import { handleProxy } from '~/lib/server/proxy/handler';
import { proxyDepsFor, toResponse } from '~/lib/server/proxy/astro';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { applyCookies } from '~/lib/session/cookie-options';
import { sessionTokensOf } from '~/lib/session/tokens';
import { orderRecordValue, ownerOf, ownRecord } from '~/lib/session/order-record';
import { sendPurchase } from '~/lib/server/placed-order';

export const prerender = false;

/** The same-origin proxy to the store API; see src/lib/server/proxy/. */
export const ALL: APIRoute = async (context) => {
  const deps = proxyDepsFor(context, config);
  const tokens = sessionTokensOf(context.cookies, deps.secureCookies);
  const basketKey = basketKeyFrom(context.cookies, deps.secureCookies);
  const owner = ownerOf(context.locals.session, basketKey);
  const clientAddress = visitorAddress(context);
  const output = await handleProxy(
    { ...deps, sendPurchase: (receipt) => sendPurchase(receipt, context.locals.store.id, clientAddress) },
    {
      request: context.request,
      path: context.url.pathname.replace(/^\/api\//, ''),
      search: context.url.search,
      accessToken: tokens.access,
      refreshToken: tokens.refresh,
      basketKey,
      clientAddress,
      orderRecord: { owner, previous: ownRecord(orderRecordValue(context.cookies, deps.secureCookies), owner) },
    },
  );
  applyCookies(context.cookies, output.cookies);
  return toResponse(output);
};
