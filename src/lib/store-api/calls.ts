import type { Basket } from './basket';
import { call } from '~/lib/api/client';
import { basketGet, basketLanguageSet } from './endpoints/basket';
import { guestGet, userGet } from './endpoints/account';
import type { GuestRecord } from './guest';
import type { Result } from './result';
import type { UserRecord } from './user';

/** The store-API calls the islands make, by name; the table says how each is sent and read. */

/** A screen may share one flag between its loads (a newer one cancels the earlier). */
interface Grouping {
  flag?: string;
  allowMultiple?: boolean;
}

export function getBasket(basketNum: string, grouping: Grouping = {}): Promise<Result<Basket>> {
  return call(basketGet, { params: { basketNum }, noCache: true, ...grouping });
}

export function getUser(grouping: Grouping = {}): Promise<Result<UserRecord>> {
  return call(userGet, { noCache: true, ...grouping });
}

/** Guest authorization: the guest record of the basket. */
export function getGuest(basketNum: string, grouping: Grouping = {}): Promise<Result<GuestRecord>> {
  return call(guestGet, { params: { basketNum }, noCache: true, ...grouping });
}

/** The order's language is the page's: confirmations are mailed in it. */
export function setBasketLanguage(basketNum: string, languageId: string): Promise<Result<unknown>> {
  return call(basketLanguageSet, { params: { basketNum }, query: { basketNum, language_id: languageId } });
}
