import type { APIContext, AstroCookies } from 'astro';
import { messageText } from '~/lib/i18n/message-ref';
import type { Translate } from '~/lib/i18n/translate';
import { readPostedForm } from '~/lib/server/form';
import { formActionPath } from '~/lib/server/form-action';
import { isOutageFailure } from '~/lib/http/unavailable';
import { SESSION_ENDED_ERROR, sendAsVisitor } from '~/lib/session/renewal';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import type { AccountUser, ChangeResult } from './account';
import { accountActions } from './account.actions';
import type { PanelState } from './AccountSettings';

/**
 * The signed-in user for the first paint, read as the visitor (a refused token is renewed once;
 * a refused renewal ends the session and clears its cookies): the user; a read that failed, an
 * outage when the store API was out; or a session that is over.
 */
export type AccountRead =
  { state: 'read'; user: AccountUser } | { state: 'failed'; outage: boolean } | { state: 'ended' };

export async function readAccountUser(context: { cookies: AstroCookies; url: URL }): Promise<AccountRead> {
  const answer = await sendAsVisitor(context, ENDPOINTS.userGet);
  if (answer.ok)
    return answer.value.user ? { state: 'read', user: answer.value.user } : { state: 'failed', outage: false };
  const { failure } = answer;
  if (failure.kind === 'http' && failure.status === 401 && failure.message === SESSION_ENDED_ERROR)
    return { state: 'ended' };
  return { state: 'failed', outage: isOutageFailure(failure) };
}

/**
 * How the page answers: drawn as usual; a change refused (400); the store API out, for the
 * user's read or for a change (503, the error state with Try again); or the session over, when
 * the visitor logs in again, as the guard sends them for a refused renewal.
 */
export type AccountAnswer = 'ok' | 'refused' | 'unavailable' | 'ended';

export function accountAnswer(posted: ChangeResult | null, read: AccountRead): AccountAnswer {
  if (read.state === 'ended' || (posted?.ok === false && posted.sessionEnded === true)) return 'ended';
  if ((read.state === 'failed' && read.outage) || (posted?.ok === false && posted.outage === true))
    return 'unavailable';
  return posted?.ok === false ? 'refused' : 'ok';
}

/** What the account page shows: the user, where each form posts, and a form's answer without JavaScript. */
export interface AccountPage {
  user: AccountUser | null;
  emailAction: string;
  passwordAction: string;
  emailPanel?: PanelState;
  passwordPanel?: PanelState;
  answer: AccountAnswer;
}

type PageContext = Pick<APIContext, 'request' | 'url' | 'cookies' | 'getActionResult' | 'callAction'> & {
  locals: { t: Translate };
};

/** The change a form posted: the action it named, else (a post to the bare page address) the one its `intent` names. */
async function postedChange(context: PageContext): Promise<{ email: boolean; result: ChangeResult } | null> {
  if (context.request.method !== 'POST') return null;
  const email = context.getActionResult(accountActions.changeEmail);
  if (email?.data) return { email: true, result: email.data };
  const password = context.getActionResult(accountActions.changePassword);
  if (password?.data) return { email: false, result: password.data };
  if (email || password || context.url.searchParams.has('_action'))
    return { email: Boolean(email), result: { ok: false, formError: { key: 'common.somethingWentWrong' } } };
  const form = await readPostedForm(context.request);
  const isEmail = form.get('intent') === 'email';
  const ran = await context.callAction(isEmail ? accountActions.changeEmail : accountActions.changePassword, form);
  return { email: isEmail, result: ran.data ?? { ok: false, formError: { key: 'common.somethingWentWrong' } } };
}

/** A change's answer as its panel shows it: closed with the tick, or open with its messages and the address typed. */
function panelOf(result: ChangeResult, t: Translate): PanelState {
  if (result.ok) return { open: false, saved: true };
  const errors = Object.fromEntries(
    Object.entries(result.errors ?? {}).map(([field, ref]) => [field, messageText(ref, t)]),
  );
  const formError = result.formError
    ? messageText(result.formError, t)
    : result.errors
      ? undefined
      : t('common.somethingWentWrong');
  return {
    open: true,
    saved: false,
    errors,
    ...(formError ? { formError } : {}),
    ...(result.values ? { values: { ...result.values } } : {}),
  };
}

export async function accountPage(context: PageContext): Promise<AccountPage> {
  const { t } = context.locals;
  const posted = await postedChange(context);
  const read = await readAccountUser(context);
  const page: AccountPage = {
    user: read.state === 'read' ? read.user : null,
    emailAction: formActionPath(context.url, accountActions.changeEmail),
    passwordAction: formActionPath(context.url, accountActions.changePassword),
    answer: accountAnswer(posted?.result ?? null, read),
  };
  if (posted?.email) page.emailPanel = panelOf(posted.result, t);
  else if (posted) page.passwordPanel = panelOf(posted.result, t);
  return page;
}
