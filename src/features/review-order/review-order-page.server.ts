import type { AstroCookies } from 'astro';
import { isCrossSiteRequest } from '~/lib/http/fetch-site';
import { isOutageFailure } from '~/lib/http/unavailable';
import { basketKeyFrom, basketKeyHeaders } from '~/lib/session/basket-key';
import { applyCookies, secureCookiesFor } from '~/lib/session/cookie-options';
import { sendAsVisitor } from '~/lib/session/renewal';
import { guestCookies } from '~/lib/session/session-cookies';
import { guestAddresses, userAddresses, type Addresses } from '~/lib/store-api/addresses';
import type { Basket } from '~/lib/store-api/basket';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { Endpoint } from '~/lib/store-api/endpoint';
import type { ServerCall } from '~/lib/store-api/server';
import type { ShippingAnswer } from '~/lib/store-api/shipping';
import { needsZeroShippingReload, openingShippingToAsk, selectedShipping, type ShippingCode } from './review-order';
import { NOTHING_READ, type ReviewSection, type ReviewStart } from './review-order.store';
import { shopperChoseShipping } from './shipping-choice';

interface ReviewPageContext {
  url: URL;
  request: Request;
  cookies: AstroCookies;
}

/** Whether a read of this page found the store API out: the page then answers as an outage. */
interface ReadOutcome {
  outage: boolean;
}

/** Sends as the proxy sends the island's calls: the visitor's session and the guest's basket key. */
function visitorReader(context: ReviewPageContext, outcome: ReadOutcome) {
  const headers = basketKeyHeaders(basketKeyFrom(context.cookies, secureCookiesFor(context.url)));
  return async <T>(entry: Endpoint<T>, call: Omit<ServerCall, 'token' | 'session' | 'headers'> = {}) => {
    const answer = await sendAsVisitor(context, entry, { ...call, headers });
    if (!answer.ok && isOutageFailure(answer.failure)) outcome.outage = true;
    return answer;
  };
}

type Reader = ReturnType<typeof visitorReader>;

async function readAddresses(
  read: Reader,
  context: ReviewPageContext,
  basketNum: string,
  guest: boolean,
): Promise<Addresses | null> {
  if (!guest) {
    const user = await read(ENDPOINTS.userGet);
    return user.ok ? userAddresses(user.value) : null;
  }
  const record = await read(ENDPOINTS.guestGet, { params: { basketNum } });
  if (!record.ok) return null;
  // As the proxy does for the island's read: this site's own pages renew the guest's session.
  if (!isCrossSiteRequest(context.request.headers))
    applyCookies(context.cookies, guestCookies(basketNum, secureCookiesFor(context.url)));
  return guestAddresses(record.value);
}

async function readShipping(
  read: Reader,
  basketNum: string,
  guest: boolean,
  level?: ShippingCode,
): Promise<ShippingAnswer | null> {
  const answer = await read(guest ? ENDPOINTS.guestShipping : ENDPOINTS.customerShipping, {
    params: { basketNum },
    body: level ? { serviceLevel: level } : {},
  });
  if (!answer.ok || answer.value.available.length === 0) return null;
  return { ...answer.value, selected: selectedShipping(answer.value, level) };
}

async function readBasket(read: Reader, basketNum: string): Promise<Basket | null> {
  const answer = await read(ENDPOINTS.basketGet, { params: { basketNum } });
  return answer.ok && answer.value.BASKET.length > 0 ? answer.value : null;
}

/**
 * Addresses, then shipping (free no-rush where the cart promised it and the shopper has not chosen
 * another), then the basket read after it (spec checkout §4): priced in that
 * order the basket holds the current address's shipping and tax whatever the cart or the customer
 * form changed before, so the island's reload flags need no other order. A basket whose shipping
 * is stale is priced once more for the selected option, as the island would. A read the store API
 * was out for stops the reads there and is named as the start's outage.
 */
export async function loadReviewStart(
  context: ReviewPageContext,
  basketNum: string,
  guest: boolean,
): Promise<ReviewStart> {
  const outcome: ReadOutcome = { outage: false };
  const read = visitorReader(context, outcome);
  const missing = (section: ReviewSection): Pick<ReviewStart, 'outage'> => (outcome.outage ? { outage: section } : {});
  const addresses = await readAddresses(read, context, basketNum, guest);
  if (!addresses) return { ...NOTHING_READ, ...missing('addresses') };
  let shipping = await readShipping(read, basketNum, guest);
  if (!shipping) return { ...NOTHING_READ, addresses, ...missing('shipping') };
  const chose = shopperChoseShipping(context.cookies, basketNum, secureCookiesFor(context.url));
  const ask = openingShippingToAsk(shipping, chose);
  // Failing that, the store's selection stands: the basket read next is priced for it.
  if (ask) shipping = (await readShipping(read, basketNum, guest, ask)) ?? shipping;
  let basket = await readBasket(read, basketNum);
  if (basket && needsZeroShippingReload(shipping.selected, basket.ORDER.shipping)) {
    shipping = await readShipping(read, basketNum, guest, shipping.selected ?? undefined);
    if (!shipping) return { ...NOTHING_READ, addresses, ...missing('shipping') };
    basket = await readBasket(read, basketNum);
  }
  return { addresses, shipping, basket, ...(basket ? {} : missing('basket')) };
}
