import { callAction } from '~/lib/api/call-action';
import type { LoginResult, RecoverResult } from './session';

/**
 * Login by the same action the plain form posts: the action sets the session cookies and names
 * the next page. A post that never reached this site is "Can't connect to server".
 */
export const login = (form: FormData): Promise<LoginResult> =>
  callAction<LoginResult>('session.login', form, (key) => ({
    ok: false,
    username: '',
    errors: {},
    formError: { key },
  }));

/** A password reset by the same action the plain form posts. */
export const recoverPassword = (form: FormData): Promise<RecoverResult> =>
  callAction<RecoverResult>('session.recoverPassword', form, (key) => ({ ok: false, email: '', message: { key } }));
