import type { AstroCookies } from 'astro';
import { failureStatus } from '~/lib/store-api/result';
import { readBasket, readGuest, readUser } from '~/lib/store-api/server';
import { emptyForm, formFromAnswer, type CustomerFormValues, type FormMode } from './customer-form';
import { englishCountryName } from './countries.server';
import { basketKeyFrom } from '~/lib/session/basket-key';
import { accessTokenFrom } from '~/lib/session/tokens';
import { isGuestRecord } from '~/lib/session/session';
import { COOKIES } from '~/lib/session/cookie-names';

/** Whether the basket holds any line; null when the basket could not be read for another reason. */
export async function basketHasItems(basketNum: string, basketKey?: string): Promise<boolean | null> {
  const answer = await readBasket(basketNum, basketKey);
  if (answer.ok) return answer.value.BASKET.length > 0;
  const status = failureStatus(answer.failure);
  // An answer without lines is a basket without lines.
  if (answer.failure.kind === 'http' && status < 300) return false;
  return status === 404 || status === 400 ? false : null;
}

export interface LoadedCustomer {
  initial: CustomerFormValues | null;
  loadFailed: boolean;
  userid: string | number | undefined;
  /** The basket has no guest record: the values are the earlier one's, and the guest must confirm them. */
  prefilled?: boolean;
}

/**
 * The guest record of an earlier basket in this browser, for a guest buying again: this basket
 * has none yet (its guest authorization failed), so the earlier details are offered to confirm.
 */
async function previousGuestRecord(basketNum: string, cookies: AstroCookies): Promise<CustomerFormValues | null> {
  const previous = cookies.get(COOKIES.guest)?.value;
  if (!isGuestRecord(previous) || previous === basketNum) return null;
  const answer = await readGuest(previous ?? '', basketKeyFrom(cookies));
  return answer.ok ? formFromAnswer(answer.value, englishCountryName) : null;
}

/** The stored address for the first paint: the customer's from a/user/, a guest's from its record. */
export async function loadCustomer(mode: FormMode, basketNum: string, cookies: AstroCookies): Promise<LoadedCustomer> {
  if (mode === 'create') return { initial: null, loadFailed: false, userid: undefined };
  if (mode === 'edit') {
    const answer = await readUser(accessTokenFrom(cookies));
    if (!answer.ok) return { initial: null, loadFailed: true, userid: undefined };
    const { id: userid, email, record } = answer.value;
    const loaded = formFromAnswer(record, englishCountryName);
    if (loaded) return { initial: loaded, loadFailed: false, userid };
    // A new account without an address yet: start from the account's e-mail.
    return { initial: email ? { ...emptyForm(), email } : null, loadFailed: false, userid };
  }
  const answer = await readGuest(basketNum, basketKeyFrom(cookies));
  if (answer.ok)
    return { initial: formFromAnswer(answer.value, englishCountryName), loadFailed: false, userid: undefined };
  const status = failureStatus(answer.failure);
  if (status === 404) {
    const previous = await previousGuestRecord(basketNum, cookies);
    if (previous) return { initial: previous, loadFailed: false, userid: undefined, prefilled: true };
  }
  return { initial: null, loadFailed: status !== 404 && mode === 'guestEdit', userid: undefined };
}
