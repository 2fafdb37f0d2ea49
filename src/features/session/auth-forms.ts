import { actions } from 'astro:actions';
import type { MessageRef } from '~/lib/i18n/message-ref';
import type { LoginResult, RecoverResult } from './session';

// Only the login and recover forms import this module, so other islands never load the actions client.

/**
 * Login by the same action the plain form posts: the action sets the session cookies and names
 * the next page. A post that never reached this site is "Can't connect to server".
 */
export async function login(form: FormData): Promise<LoginResult> {
  const failed = (formError: MessageRef): LoginResult => ({ ok: false, username: '', errors: {}, formError });
  try {
    const { data, error } = await actions.session.login(form);
    if (error) return failed({ key: 'common.somethingWentWrong' });
    return data;
  } catch {
    return failed({ key: 'common.cantConnect' });
  }
}

/** A password reset by the same action the plain form posts. */
export async function recoverPassword(form: FormData): Promise<RecoverResult> {
  try {
    const { data, error } = await actions.session.recoverPassword(form);
    return error ? { ok: false, email: '', message: { key: 'common.somethingWentWrong' } } : data;
  } catch {
    return { ok: false, email: '', message: { key: 'common.cantConnect' } };
  }
}
