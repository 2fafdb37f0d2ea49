import type { AstroCookies } from 'astro';
import { storeApi } from '~/lib/server/store-api';
import { emptyForm, formFromAnswer, type CustomerFormValues, type FormMode } from './customer-form';
import { englishCountryName } from './countries.server';
import { basketKeyFrom, basketKeyHeaders } from '~/lib/session/basket-key';
import { accessTokenFrom } from '~/lib/session/tokens';
import { isGuestRecord } from '~/lib/session/session';
import { COOKIES } from '~/lib/session/cookie-names';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether the basket holds any line; null when the basket could not be read for another reason. */
export async function basketHasItems(basketNum: string, basketKey?: string): Promise<boolean | null> {
  const answer = await storeApi(`a/basket/${encodeURIComponent(basketNum)}`, { headers: basketKeyHeaders(basketKey) });
  if (!answer.ok) return answer.status === 404 || answer.status === 400 ? false : null;
  const lines = isRecord(answer.body) ? answer.body['BASKET'] : undefined;
  return Array.isArray(lines) && lines.length > 0;
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
  const answer = await storeApi(`a/guest/${encodeURIComponent(previous ?? '')}`, { headers: basketKeyHeaders(basketKeyFrom(cookies)) });
  return answer.ok ? formFromAnswer(answer.body, englishCountryName) : null;
}

/** The stored address for the first paint: the customer's from a/user/, a guest's from its record. */
export async function loadCustomer(mode: FormMode, basketNum: string, cookies: AstroCookies): Promise<LoadedCustomer> {
  if (mode === 'create') return { initial: null, loadFailed: false, userid: undefined };
  if (mode === 'edit') {
    const answer = await storeApi('a/user/', { token: accessTokenFrom(cookies) });
    if (!answer.ok) return { initial: null, loadFailed: true, userid: undefined };
    const user = isRecord(answer.body) && isRecord(answer.body['user']) ? answer.body['user'] : {};
    const userid = typeof user['id'] === 'string' || typeof user['id'] === 'number' ? user['id'] : undefined;
    const loaded = formFromAnswer(answer.body, englishCountryName);
    if (loaded) return { initial: loaded, loadFailed: false, userid };
    // A new account without an address yet: start from the account's e-mail.
    const email = typeof user['email'] === 'string' ? user['email'] : '';
    return { initial: email ? { ...emptyForm(), email } : null, loadFailed: false, userid };
  }
  const answer = await storeApi(`a/guest/${encodeURIComponent(basketNum)}`, { headers: basketKeyHeaders(basketKeyFrom(cookies)) });
  if (answer.ok) return { initial: formFromAnswer(answer.body, englishCountryName), loadFailed: false, userid: undefined };
  if (answer.status === 404) {
    const previous = await previousGuestRecord(basketNum, cookies);
    if (previous) return { initial: previous, loadFailed: false, userid: undefined, prefilled: true };
  }
  return { initial: null, loadFailed: answer.status !== 404 && mode === 'guestEdit', userid: undefined };
}
