import { actions } from 'astro:actions';
import type { ChangeResult } from './account';

// Only the account page's island imports this module, so other islands never load the actions client.

/** A change by the same action the plain form posts; a post that never reached this site is "Can't connect to server". */
async function change(
  action: typeof actions.account.changeEmail | typeof actions.account.changePassword,
  form: FormData,
): Promise<ChangeResult> {
  try {
    const { data, error } = await action(form);
    return error ? { ok: false, formError: { key: 'common.somethingWentWrong' } } : data;
  } catch {
    return { ok: false, formError: { key: 'common.cantConnect' } };
  }
}

export const changeEmail = (form: FormData) => change(actions.account.changeEmail, form);
export const changePassword = (form: FormData) => change(actions.account.changePassword, form);
