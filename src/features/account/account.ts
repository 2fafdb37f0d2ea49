import type { MessageKey } from '~/lib/i18n/translate';
import type { User } from '~/lib/store-api/user';
import { NOTIFICATION_DURATION_MS } from '~/lib/notifications/notifications';

/** The success tick stays as long as a notification. */
export const TICK_DURATION_MS = NOTIFICATION_DURATION_MS;

/** The part of GET a/user/ the account page shows. */
export type AccountUser = User;

/** 422 has its own message on each form; anything else goes to the generic handler. */
/** 422: the address has an account; 403: the current password given with it is wrong. */
export function emailChangeErrorKey(status: number): MessageKey | null {
  if (status === 403) return 'account.email.wrongPassword';
  return status === 422 ? 'account.email.taken' : null;
}

export function passwordChangeErrorKey(status: number): MessageKey | null {
  return status === 422 ? 'account.password.wrongOld' : null;
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
