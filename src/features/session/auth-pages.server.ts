import { config } from '~/config';
import { safeReturnPath } from '~/lib/http/safe-path';
import { messageText } from '~/lib/i18n/message-ref';
import type { Translate } from '~/lib/i18n/translate';
import type { FieldErrors, LoginFields, LoginResult, RecoverResult } from './session';

/** What the sign-in, login and recover pages show after their form's action answered. */

export interface LoginFormState {
  username: string;
  errors: FieldErrors<keyof LoginFields>;
  formError: string | null;
}

export const emptyLoginState: LoginFormState = { username: '', errors: {}, formError: null };

type Posted<T> = { data: T; error: undefined } | { data: undefined; error: unknown } | undefined;

/** The page the visitor was heading for, from the query; same-origin paths only. */
export function redirectParam(url: URL): string | null {
  const raw = url.searchParams.get('redirect');
  const safe = safeReturnPath(raw ?? '', '');
  return safe || null;
}

export function showRateLimitToggle(): boolean {
  return config.PUBLIC_APP_ENV === 'e2e';
}

/** The login form's props a page fills from its state, the same on the login and sign-in pages. */
export function loginFormProps(state: LoginFormState, action: string, redirect: string | null) {
  return {
    action,
    redirect,
    initialUsername: state.username,
    initialErrors: state.errors,
    formError: state.formError,
    showRateLimitToggle: showRateLimitToggle(),
  };
}

/** A form the action could not even read (not a form, fields too long) is "errors in form". */
export function loginStateOf(
  posted: Posted<LoginResult>,
  t: Translate,
): { redirect: string } | { state: LoginFormState; outage: boolean } | null {
  if (!posted) return null;
  if (!posted.data) return { state: { ...emptyLoginState, formError: t('validation.errorsInForm') }, outage: false };
  const result = posted.data;
  if (result.ok) return { redirect: result.target };
  return {
    state: { username: result.username, errors: result.errors, formError: messageText(result.formError, t) },
    outage: result.outage === true,
  };
}

export interface RecoverState {
  email: string;
  error: string | undefined;
  result: { ok: boolean; text: string } | null;
  /** The store API is out: the page answers 503. */
  outage: boolean;
}

export function recoverStateOf(posted: Posted<RecoverResult>, email: string, t: Translate): RecoverState {
  if (!posted) return { email, error: undefined, result: null, outage: false };
  if (!posted.data) return { email: '', error: t('validation.required'), result: null, outage: false };
  const result = posted.data;
  if (result.ok)
    return { email, error: undefined, result: { ok: true, text: messageText(result.message, t) }, outage: false };
  if (result.error) return { email: result.email, error: messageText(result.error, t), result: null, outage: false };
  return {
    email: result.email,
    error: undefined,
    result: { ok: false, text: messageText(result.message ?? { key: 'common.somethingWentWrong' }, t) },
    outage: result.outage === true,
  };
}
