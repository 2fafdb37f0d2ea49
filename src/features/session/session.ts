import { isEmail } from '~/lib/email';
import { safeReturnPath } from '~/lib/http/safe-path';
import type { MessageRef } from '~/lib/i18n/message-ref';
import type { Role } from '~/lib/session/claims';
import type { MessageKey } from '~/lib/i18n/translate';

export interface LoginFields {
  username: string;
  password: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, keyof typeof VALIDATION_KEYS>>;

/** The store API refuses shorter passwords; checked before sending so the message is the translated one. */
export const PASSWORD_MIN_LENGTH = 5;

export function isPasswordTooShort(password: string): boolean {
  return password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
}

/** A form or JSON value as text; files and other objects count as empty. */
export function textValue(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Login: username and password required, both trimmed. */
export function validateLogin(raw: { username?: unknown; password?: unknown }): {
  values: LoginFields;
  errors: FieldErrors<keyof LoginFields>;
} {
  const values = { username: textValue(raw.username), password: textValue(raw.password) };
  const errors: FieldErrors<keyof LoginFields> = {};
  if (!values.username) errors.username = 'required';
  if (!values.password) errors.password = 'required';
  return { values, errors };
}

/** Recover password and change e-mail: required, valid, trimmed. */
export function validateEmailField(raw: unknown): { value: string; error: 'required' | 'email' | undefined } {
  const value = textValue(raw);
  if (!value) return { value, error: 'required' };
  return { value, error: isEmail(value) ? undefined : 'email' };
}

export interface EmailChangeFields {
  emailAddress: string;
  passwordold: string;
}

/** Change e-mail: a valid new address and the current password, which the store API checks. */
export function validateEmailChange(raw: Partial<Record<keyof EmailChangeFields, unknown>>): {
  values: EmailChangeFields;
  errors: FieldErrors<keyof EmailChangeFields>;
} {
  const email = validateEmailField(raw.emailAddress);
  const values = { emailAddress: email.value, passwordold: textValue(raw.passwordold) };
  const errors: FieldErrors<keyof EmailChangeFields> = {};
  if (email.error) errors.emailAddress = email.error;
  if (!values.passwordold) errors.passwordold = 'required';
  return { values, errors };
}

export interface PasswordChangeFields {
  passwordold: string;
  password: string;
  passwordConfirm: string;
}

/** Change password: all three required, the new one long enough, confirmation equal to it, all trimmed. */
export function validatePasswordChange(raw: Partial<Record<keyof PasswordChangeFields, unknown>>): {
  values: PasswordChangeFields;
  errors: FieldErrors<keyof PasswordChangeFields>;
} {
  const values = {
    passwordold: textValue(raw.passwordold),
    password: textValue(raw.password),
    passwordConfirm: textValue(raw.passwordConfirm),
  };
  const errors: FieldErrors<keyof PasswordChangeFields> = {};
  if (!values.passwordold) errors.passwordold = 'required';
  if (!values.password) errors.password = 'required';
  else if (isPasswordTooShort(values.password)) errors.password = 'min5';
  if (!values.passwordConfirm) errors.passwordConfirm = 'required';
  else if (values.password && values.passwordConfirm !== values.password) errors.passwordConfirm = 'mismatch';
  return { values, errors };
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** Locale keys of the validation messages. */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  email: 'validation.email',
  mismatch: 'validation.passwordsDontMatch',
  min5: 'validation.min5',
} as const;

/**
 * Where a login ends: a subscriber goes to the customer form (and from there on to the page they
 * were heading for, once it has made them a customer); anyone else to the page they were heading
 * for (same-origin paths only, never the login page itself) or the review page.
 */
export function loginTarget(role: Role, redirect: string | null | undefined): string {
  const raw = safeReturnPath(redirect ?? '', '');
  const target = !raw || /^\/(?:[a-z]{2}\/)?(login|signin)\//.test(raw) ? '' : raw;
  if (role === 'subscriber')
    return target ? `/customer-form/?${new URLSearchParams({ redirect: target }).toString()}` : '/customer-form/';
  return target || '/review-order/';
}

/**
 * A call that got no answer of the store, in the spec's words for a connection or server problem:
 * the browser could not reach this site (status 0), or this site could not reach the store API
 * (502, 504: down or too slow).
 */
export function connectionErrorKey(status: number): MessageKey | null {
  if (status === 0) return 'common.cantConnect';
  if (status === 502 || status === 504) return 'common.connectionProblem';
  return null;
}

/** Status of a login answer turned into the message key to show (null: the server's own text). */
export function loginErrorKey(status: number): MessageKey | null {
  if (status === 429) return 'session.rateLimited';
  if (status === 401) return 'session.wrongCredentials';
  return connectionErrorKey(status);
}

/**
 * What a refused reset request shows: too many requests in its own words, the spec's words for a
 * store that could not be reached, else the store's text (a server failure without one is a
 * connection problem).
 */
export function recoverFailureMessage(status: number, storeText: string): MessageRef {
  if (status === 429) return { key: 'session.recover.rateLimited' };
  const key = connectionErrorKey(status);
  if (key) return { key };
  if (storeText) return { text: storeText };
  return { key: status >= 500 ? 'common.connectionProblem' : 'common.somethingWentWrong' };
}

/** The role sent with a login: the store's customers sign in as acai (checkout §6). */
export const LOGIN_ROLE = 'acai';

/** What the session's form actions answer; pages and islands turn it into their own view. */
export type LoginResult =
  /** `target` is a path without the language prefix: the page or island adds its own. */
  | { ok: true; target: string }
  | {
      ok: false;
      username: string;
      errors: FieldErrors<keyof LoginFields>;
      formError: MessageRef;
      /** The store API is out: the page answers 503 rather than a refusal. */
      outage?: boolean;
    };

export type RecoverResult =
  | { ok: true; message: MessageRef }
  | {
      ok: false;
      email: string;
      error?: MessageRef;
      message?: MessageRef;
      /** The store API is out: the page answers 503 rather than the store's refusal. */
      outage?: boolean;
    };

/** The login page after a logout, or the page it started on saying it failed. */
export type LogoutResult = { ok: boolean; target: string };

/**
 * Where a logout goes: login with `logOut=true` and the page to come back to; a logout the store
 * refused (other than 401, which means the session was already over) back to that page, saying so.
 */
export function logoutTarget(loggedOut: boolean, returnTo: string): LogoutResult {
  if (loggedOut) {
    const query = new URLSearchParams({ logOut: 'true' });
    if (returnTo) query.set('redirect', returnTo);
    return { ok: true, target: `/login/?${query.toString()}` };
  }
  const back = new URL(returnTo || '/', 'http://site.invalid');
  back.searchParams.set('logoutFailed', '1');
  return { ok: false, target: `${back.pathname}${back.search}` };
}
