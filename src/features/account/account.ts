import type { MessageKey } from '~/lib/i18n/translate';
import type { User } from '~/lib/store-api/user';
import { NOTIFICATION_DURATION_MS } from '~/lib/notifications/notifications';
import { errorText } from '~/lib/api/errors';
import type { MessageRef } from '~/lib/i18n/message-ref';
import { connectionErrorKey, VALIDATION_KEYS, type FieldErrors } from '~/features/session/public';

/** The success tick stays as long as a notification. */
export const TICK_DURATION_MS = NOTIFICATION_DURATION_MS;

/** The part of GET a/user/ the account page shows. */
export type AccountUser = User;

/** A refusal the store names for one field: its message shows at that field, not above the form. */
export interface FieldRefusal {
  field: string;
  key: MessageKey;
}

/** 422: the address has an account; 403: the current password given with it is wrong. */
export function emailChangeRefusal(status: number): FieldRefusal | null {
  if (status === 403) return { field: 'passwordold', key: 'account.password.wrongCurrent' };
  return status === 422 ? { field: 'emailAddress', key: 'account.email.taken' } : null;
}

/** 422: the old password is not the account's; anything else goes to the generic handler. */
export function passwordChangeRefusal(status: number): FieldRefusal | null {
  return status === 422 ? { field: 'passwordold', key: 'account.password.wrongCurrent' } : null;
}

/**
 * The store API's refusal of a too short new password ("password: Must be at least 5 characters")
 * is shown as the translated field message, not as the server's text.
 */
export function isPasswordTooShortAnswer(status: number, text: string): boolean {
  return status === 400 && /^password:.*\b(at least|too short|min)/i.test(text.trim());
}

/** A server failure of a change is the generic handler's: an error notification, not a form message. */
export function isServerFailure(status: number): boolean {
  return status >= 500;
}

export const MASKED_PASSWORD = '••••••••';

/**
 * What an e-mail or password change action answers. A refusal names a field, the form, or (a
 * server failure) the error notification; `sessionEnded` is a session that could not be renewed.
 */
export type ChangeResult =
  | { ok: true }
  | {
      ok: false;
      errors?: Readonly<Record<string, MessageRef>>;
      formError?: MessageRef;
      serverFailure?: boolean;
      sessionEnded?: boolean;
      /** The store API was out: the page answers as an outage, not as a refusal. */
      outage?: true;
      /** What the form shows again without JavaScript (never a password). */
      values?: Readonly<Record<string, string>>;
    };

/** The field messages of a form check, as message keys. */
export function fieldErrorRefs<Field extends string>(errors: FieldErrors<Field>): Record<string, MessageRef> {
  const refs: Record<string, MessageRef> = {};
  for (const [field, code] of Object.entries(errors) as Array<[Field, keyof typeof VALIDATION_KEYS | undefined]>) {
    if (code) refs[field] = { key: VALIDATION_KEYS[code] };
  }
  return refs;
}

/**
 * A change the store refused: its own message at the field for the statuses it names, the spec's
 * words for a store that could not be reached, else the store's text; a server failure is the
 * notification's.
 */
export type ChangeRefusal = Extract<ChangeResult, { ok: false }>;

export function changeFailure(status: number, body: unknown, refusal: FieldRefusal | null): ChangeRefusal {
  if (status === 401) return { ok: false, sessionEnded: true };
  // Too many wrong current passwords: the login page's words, since they are counted as logins.
  if (status === 429) return { ok: false, formError: { key: 'session.rateLimited' } };
  if (refusal) return { ok: false, errors: { [refusal.field]: { key: refusal.key } } };
  const connection = connectionErrorKey(status);
  const text = errorText(body);
  const formError: MessageRef =
    connection && !text ? { key: connection } : text ? { text } : { key: 'common.somethingWentWrong' };
  return isServerFailure(status) ? { ok: false, formError, serverFailure: true } : { ok: false, formError };
}

export function passwordChangeFailure(status: number, body: unknown): ChangeRefusal {
  if (isPasswordTooShortAnswer(status, errorText(body)))
    return { ok: false, errors: { password: { key: 'validation.min5' } } };
  return changeFailure(status, body, passwordChangeRefusal(status));
}
