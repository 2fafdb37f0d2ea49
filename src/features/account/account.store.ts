import { atom } from 'nanostores';
import { isCancelled } from '~/lib/api/client';
import { readAccountUser, type AccountUser } from './account';
import { userCall } from './account.api';

export type AccountState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; user: AccountUser };

export const $account = atom<AccountState>({ status: 'loading' });

export function initAccount(user: AccountUser | null): void {
  $account.set(user ? { status: 'ready', user } : { status: 'error' });
}

export async function loadAccount(): Promise<void> {
  $account.set({ status: 'loading' });
  const result = await userCall();
  if (isCancelled(result)) return;
  const user = result.ok ? readAccountUser(result.body) : null;
  $account.set(user ? { status: 'ready', user } : { status: 'error' });
}

/** The e-mail address the account now has, after its change was saved. */
export function emailChanged(email: string): void {
  const current = $account.get();
  if (current.status === 'ready') $account.set({ status: 'ready', user: { ...current.user, email } });
}
