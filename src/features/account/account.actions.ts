import { actions } from 'astro:actions';
import { callAction } from '~/lib/api/call-action';
import type { MessageKey } from '~/lib/i18n/translate';
import type { ChangeResult } from './account';

// The feature's one door to its actions: the page reads their results, the island calls them, and
// no other island loads the actions client.

/** The account page's two forms, as the page posts them and reads their results. */
export const accountActions = {
  changeEmail: actions.account.changeEmail,
  changePassword: actions.account.changePassword,
};

const failed = (key: MessageKey): ChangeResult => ({ ok: false, formError: { key } });

export const changeEmail = (form: FormData) => callAction(actions.account.changeEmail, form, failed);
export const changePassword = (form: FormData) => callAction(actions.account.changePassword, form, failed);
