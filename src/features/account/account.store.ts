import { atom } from 'nanostores';
import { errorText } from '~/lib/api/errors';
import { notifyError, type ApiResult } from '~/lib/api/client';
import type { MessageKey, Translate } from '~/lib/i18n/translate';
import type { PasswordChangeFields } from '~/features/session/session';
import { emailChangeErrorKey, isPasswordTooShortAnswer, isServerFailure, passwordChangeErrorKey, type AccountUser } from './account';
import { getUser, updateEmail, updatePassword } from '~/lib/store-api/calls';

export type AccountState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; user: AccountUser };

export const $account = atom<AccountState>({ status: 'loading' });

export function initAccount(user: AccountUser | null): void {
  $account.set(user ? { status: 'ready', user } : { status: 'error' });
}

export async function loadAccount(): Promise<void> {
  $account.set({ status: 'loading' });
  const result = await getUser();
  if (!result.ok && result.failure.kind === 'cancelled') return;
  const user = result.ok ? result.value.user : null;
  $account.set(user ? { status: 'ready', user } : { status: 'error' });
}

/** A refused change shows a form message, a message under one field, or neither (already notified). */
export type ChangeOutcome = { ok: true } | { ok: false; message?: string; fieldErrors?: Record<string, string> };

function failure(result: ApiResult<unknown>, key: MessageKey | null, t: Translate): ChangeOutcome {
  if (key) return { ok: false, message: t(key) };
  if (isServerFailure(result.status)) {
    notifyError(result, t('common.somethingWentWrong'));
    return { ok: false };
  }
  return { ok: false, message: errorText(result.body, result.status === 0 ? t('common.cantConnect') : t('common.somethingWentWrong')) };
}

export async function changeEmail(emailAddress: string, passwordold: string, t: Translate): Promise<ChangeOutcome> {
  const result = await updateEmail(emailAddress, passwordold);
  if (!result.ok) return failure(result, emailChangeErrorKey(result.status), t);
  const current = $account.get();
  if (current.status === 'ready') $account.set({ status: 'ready', user: { ...current.user, email: emailAddress } });
  return { ok: true };
}

export async function changePassword(fields: PasswordChangeFields, t: Translate): Promise<ChangeOutcome> {
  const result = await updatePassword(fields);
  if (result.ok) return { ok: true };
  if (isPasswordTooShortAnswer(result.status, errorText(result.body))) return { ok: false, fieldErrors: { password: t('validation.min5') } };
  return failure(result, passwordChangeErrorKey(result.status), t);
}
