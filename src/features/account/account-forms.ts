import { actions } from 'astro:actions';
import { callAction } from '~/lib/api/call-action';
import type { MessageKey } from '~/lib/i18n/translate';
import type { ChangeResult } from './account';

// Only the account page's island imports this module, so other islands never load the actions client.

const failed = (key: MessageKey): ChangeResult => ({ ok: false, formError: { key } });

export const changeEmail = (form: FormData) => callAction(actions.account.changeEmail, form, failed);
export const changePassword = (form: FormData) => callAction(actions.account.changePassword, form, failed);
