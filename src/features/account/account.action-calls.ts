import { callAction } from '~/lib/api/call-action';
import type { MessageKey } from '~/lib/i18n/translate';
import type { ChangeResult } from './account';

const failed = (key: MessageKey): ChangeResult => ({ ok: false, formError: { key } });

/** The account page's two forms, by the same actions they post without JavaScript. */
export const changeEmail = (form: FormData) => callAction('account.changeEmail', form, failed);
export const changePassword = (form: FormData) => callAction('account.changePassword', form, failed);

declare module '~/lib/api/call-action' {
  interface ActionAnswers {
    'account.changeEmail': ChangeResult;
    'account.changePassword': ChangeResult;
  }
}
