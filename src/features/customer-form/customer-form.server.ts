import type { AstroCookies } from 'astro';
import { storeApi } from '~/lib/server/store-api';
import { accessTokenFrom } from '~/features/session/session.server';
import { emptyForm, formFromAnswer, type CustomerFormValues, type FormMode } from './customer-form';
import { englishCountryName } from './countries.server';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether the basket holds any line; null when the basket could not be read for another reason. */
export async function basketHasItems(basketNum: string): Promise<boolean | null> {
  const answer = await storeApi(`a/basket/${encodeURIComponent(basketNum)}`);
  if (!answer.ok) return answer.status === 404 || answer.status === 400 ? false : null;
  const lines = isRecord(answer.body) ? answer.body['BASKET'] : undefined;
  return Array.isArray(lines) && lines.length > 0;
}

export interface LoadedCustomer {
  initial: CustomerFormValues | null;
  loadFailed: boolean;
  userid: string | number | undefined;
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
  const answer = await storeApi(`a/guest/${encodeURIComponent(basketNum)}`);
  if (answer.ok) return { initial: formFromAnswer(answer.body, englishCountryName), loadFailed: false, userid: undefined };
  return { initial: null, loadFailed: answer.status !== 404 && mode === 'guestEdit', userid: undefined };
}
