import type { AstroCookies } from 'astro';
import { visitorHeaders } from '~/lib/server/client-address';
import { failureStatus } from '~/lib/store-api/result';
import { readBasket, readGuest, readUser, sendFromServer, STORE_API_TIMEOUT_ERROR } from '~/lib/store-api/server';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { sendAsVisitor } from '~/lib/session/renewal';
import { buildPayload } from './payload';
import { emptyForm, trimValues, type CustomerFormValues } from './form-values';
import { formFromAnswer } from './loaded-values';
import { hasErrors, validateCustomerForm } from './validation';
import { submitFailure, type SubmitInput, type SubmitResult } from './submit';
import type { FormMode } from './form-mode';
import { englishCountryName } from './countries.server';
import { basketKeyCookie, basketKeyFrom, basketKeyHeaders, newBasketKey } from '~/lib/session/basket-key';
import { applyCookies, secureCookiesFor } from '~/lib/session/cookie-options';
import { clearedAuthCookies, guestCookies, signInCookies } from '~/lib/session/session-cookies';
import { accessTokenFrom } from '~/lib/session/tokens';
import { isGuestRecord } from '~/lib/session/session';
import { COOKIES, siteCookieName } from '~/lib/session/cookie-names';
import type { Basket } from '~/lib/store-api/basket';
import { isOutageFailure, outageMark } from '~/lib/http/unavailable';
import { checkAddressOnServer, savedVerification } from '~/features/address/public';

/**
 * The basket behind the form: its lines for the summary, empty, unavailable (the store API is out)
 * or unknown (it could not be read otherwise).
 */
export type CheckoutBasket =
  { state: 'lines'; basket: Basket } | { state: 'empty' } | { state: 'unavailable' } | { state: 'unknown' };

export async function readCheckoutBasket(basketNum: string, basketKey?: string): Promise<CheckoutBasket> {
  const answer = await readBasket(basketNum, basketKey);
  if (answer.ok) return answer.value.BASKET.length > 0 ? { state: 'lines', basket: answer.value } : { state: 'empty' };
  const status = failureStatus(answer.failure);
  // An answer without lines is a basket without lines.
  if (answer.failure.kind === 'http' && status < 300) return { state: 'empty' };
  if (status === 404 || status === 400) return { state: 'empty' };
  return isOutageFailure(answer.failure) ? { state: 'unavailable' } : { state: 'unknown' };
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
async function previousGuestRecord(
  basketNum: string,
  cookies: AstroCookies,
  secure: boolean,
): Promise<CustomerFormValues | null> {
  const previous = cookies.get(siteCookieName(COOKIES.guest, secure))?.value;
  if (!isGuestRecord(previous) || previous === basketNum) return null;
  const answer = await readGuest(previous ?? '', basketKeyFrom(cookies, secure));
  return answer.ok ? formFromAnswer(answer.value, englishCountryName) : null;
}

/** The stored address for the first paint: the customer's from a/user/, a guest's from its record. */
export async function loadCustomer(
  mode: FormMode,
  basketNum: string,
  cookies: AstroCookies,
  secure: boolean,
): Promise<LoadedCustomer> {
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
  const answer = await readGuest(basketNum, basketKeyFrom(cookies, secure));
  if (answer.ok)
    return { initial: formFromAnswer(answer.value, englishCountryName), loadFailed: false, userid: undefined };
  const status = failureStatus(answer.failure);
  if (status === 404) {
    const previous = await previousGuestRecord(basketNum, cookies, secure);
    if (previous) return { initial: previous, loadFailed: false, userid: undefined, prefilled: true };
  }
  return { initial: null, loadFailed: status !== 404 && mode === 'guestEdit', userid: undefined };
}

interface SubmitContext {
  cookies: AstroCookies;
  url: URL;
  readonly clientAddress?: string;
}

/**
 * Saves the form as the island decided: a guest record makes the visitor this basket's guest (with
 * a basket key if they have none yet), a new account signs its owner in, and a customer's update
 * may answer with a new session (a subscriber becomes a customer). Tokens stay in httpOnly cookies.
 */
export async function submitCustomer(context: SubmitContext, input: SubmitInput): Promise<SubmitResult> {
  const values = trimValues(input.values);
  const errors = validateCustomerForm(values, input.mode);
  if (hasErrors(errors)) return { ok: false, errors };
  const saved = savedVerification(
    input.addressKept ? { kind: 'unchecked' } : await checkAddressOnServer(values.shipping, input.basketNum),
    input.addressKept ?? false,
    values.shipping.address_verified,
  );
  if (!saved.ok) return { ok: false, address: saved.errors };
  values.shipping.address_verified = saved.verified;
  const secure = secureCookiesFor(context.url);
  const payload = buildPayload(values, { action: input.action, basketNum: input.basketNum, userid: input.userid });
  const guest = input.action === 'guestPost';
  const existingKey = basketKeyFrom(context.cookies, secure);
  const basketKey = guest ? (existingKey ?? newBasketKey()) : undefined;
  // The visitor's address: a current password checked here counts against this visitor's limit.
  const headers = { ...basketKeyHeaders(basketKey), ...visitorHeaders(context) };
  const call = { params: { basketNum: input.basketNum }, body: payload, headers };
  // A customer's update is made with the session, renewed once when its token is refused.
  const answer =
    input.action === 'customerUpdate'
      ? await sendAsVisitor(context, ENDPOINTS.customerUpdate, call)
      : await sendFromServer(ENDPOINTS[input.action], {
          ...call,
          token: guest ? undefined : accessTokenFrom(context.cookies),
        });
  if (!answer.ok) {
    const { failure } = answer;
    if (failureStatus(failure) === 401 && input.action === 'customerUpdate') {
      applyCookies(context.cookies, clearedAuthCookies(secure));
      return { ok: false, failure: { key: 'session.loggedOut' }, loggedOut: true };
    }
    const refusal =
      failure.kind === 'http'
        ? failure
        : failure.kind === 'offline' && failure.message === STORE_API_TIMEOUT_ERROR
          ? 'timeout'
          : 'unreachable';
    return { ok: false, failure: submitFailure(input.action, refusal), ...outageMark(failure) };
  }
  if (guest) {
    applyCookies(context.cookies, [
      ...guestCookies(input.basketNum, secure),
      ...(existingKey ? [] : [basketKeyCookie(basketKey!, secure)]),
    ]);
  } else if (answer.value) {
    applyCookies(context.cookies, signInCookies(answer.value, secure));
  }
  return { ok: true };
}
