import type { MessageKey } from '~/lib/i18n/translate';
import type { CustomerFormValues } from './form-values';

/** Who fills the form in, decided on load (checkout spec section 2): it sets the button and the account fields. */

export type FormMode = 'edit' | 'guestEdit' | 'guest' | 'create';

export const SUBMIT_LABEL_KEYS: Readonly<Record<FormMode, MessageKey>> = {
  edit: 'customer.submit.save',
  guestEdit: 'customer.submit.continue',
  guest: 'customer.submit.continue',
  create: 'customer.submit.createAccount',
};

export interface ModeInput {
  isAuthorized: boolean;
  isGuest: boolean;
  isEdit: boolean;
  /** guest=true in the address: chose "continue as guest" on sign-in. */
  guestQuery: boolean;
}

/** A guest buying again is welcomed by the first name of their last guest order, when it has one. */
export function welcomeName(values: CustomerFormValues | null): string | null {
  const name = values?.shipping.firstname.trim() ?? '';
  return name === '' ? null : name;
}

/** Decided on load: signed in = returned to edit; guest editing; guest; anyone else creates an account. */
export function decideMode({ isAuthorized, isGuest, isEdit, guestQuery }: ModeInput): FormMode {
  if (isAuthorized) return 'edit';
  if (isGuest && isEdit) return 'guestEdit';
  if (isGuest || guestQuery) return 'guest';
  return 'create';
}

export function createsAccount(mode: FormMode, createAccount: boolean): boolean {
  return mode === 'create' || ((mode === 'guest' || mode === 'guestEdit') && createAccount);
}
