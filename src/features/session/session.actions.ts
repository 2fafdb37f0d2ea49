import { actions } from 'astro:actions';
import { callAction } from '~/lib/api/call-action';
import type { LoginResult, RecoverResult } from './session';

// The feature's one door to its actions: the login and recover forms call them (so no other
// island loads the actions client), and the header's session forms post to them.

/** Where the header's Log out and Guest/Exit forms post: each action's query string ("?_action=…"). */
export const headerSessionActions = {
  logout: actions.session.logout.queryString,
  exitGuest: actions.session.exitGuest.queryString,
};

/**
 * Login by the same action the plain form posts: the action sets the session cookies and names
 * the next page. A post that never reached this site is "Can't connect to server".
 */
export const login = (form: FormData): Promise<LoginResult> =>
  callAction(actions.session.login, form, (key) => ({ ok: false, username: '', errors: {}, formError: { key } }));

/** A password reset by the same action the plain form posts. */
export const recoverPassword = (form: FormData): Promise<RecoverResult> =>
  callAction(actions.session.recoverPassword, form, (key) => ({ ok: false, email: '', message: { key } }));
