import type { APIContext, AstroCookies } from 'astro';
import { messageText } from '~/lib/i18n/message-ref';
import type { Translate } from '~/lib/i18n/translate';
import { readPostedForm } from '~/lib/server/form';
import { formActionPath } from '~/lib/server/form-action';
import { readUser } from '~/lib/store-api/server';
import { accessTokenFrom } from '~/lib/session/tokens';
import type { AccountUser, ChangeResult } from './account';
import { accountActions } from './account.actions';
import type { PanelState } from './AccountSettings';

/** The signed-in user for the first paint; null shows the error block with Try again. */
export async function loadAccountUser(cookies: AstroCookies): Promise<AccountUser | null> {
  const answer = await readUser(accessTokenFrom(cookies));
  return answer.ok ? answer.value.user : null;
}

/** What the account page shows: the user, where each form posts, and a form's answer without JavaScript. */
export interface AccountPage {
  user: AccountUser | null;
  emailAction: string;
  passwordAction: string;
  emailPanel?: PanelState;
  passwordPanel?: PanelState;
  /** A change not made answers 400, or 503 when the store API was out (`outage`). */
  refused: boolean;
  outage: boolean;
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
  const page: AccountPage = {
    user: null,
    emailAction: formActionPath(context.url, accountActions.changeEmail),
    passwordAction: formActionPath(context.url, accountActions.changePassword),
    refused: posted ? !posted.result.ok : false,
    outage: posted?.result.ok === false && posted.result.outage === true,
  };
  if (posted?.email) page.emailPanel = panelOf(posted.result, t);
  else if (posted) page.passwordPanel = panelOf(posted.result, t);
  page.user = await loadAccountUser(context.cookies);
  return page;
}
