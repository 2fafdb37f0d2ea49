import { atom } from 'nanostores';
import { getUser } from '~/lib/store-api/calls';
import type { AccountUser } from './account';

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

/** The e-mail address the account now has, after its change was saved. */
export function emailChanged(email: string): void {
  const current = $account.get();
  if (current.status === 'ready') $account.set({ status: 'ready', user: { ...current.user, email } });
}
