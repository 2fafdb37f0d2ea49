import type { AstroCookies } from 'astro';
import type { MessageKey, Translate } from '~/lib/i18n/translate';
import { readPostedForm } from '~/lib/server/form';
import { ENDPOINTS } from '~/lib/store-api/endpoints';
import { readUser, sendFromServer } from '~/lib/store-api/server';
import { hasErrors, validateEmailChange, validatePasswordChange, VALIDATION_KEYS } from '~/features/session/session';
import { emailChangeErrorKey, isPasswordTooShortAnswer, passwordChangeErrorKey, type AccountUser } from './account';
import type { PanelState } from './AccountSettings';
import { accessTokenFrom } from '~/lib/session/tokens';

interface PageContext {
  request: Request;
  cookies: AstroCookies;
  locals: { t: Translate };
}

/** The signed-in user for the first paint; null shows the error block with Try again. */
export async function loadAccountUser(cookies: AstroCookies): Promise<AccountUser | null> {
  const answer = await readUser(accessTokenFrom(cookies));
  return answer.ok ? answer.value.user : null;
}

export interface AccountPostResult {
  emailPanel?: PanelState;
  passwordPanel?: PanelState;
  ok: boolean;
}

/** The e-mail and password forms posted without JavaScript. */
export async function handleAccountPost(context: PageContext): Promise<AccountPostResult> {
  const { t } = context.locals;
  const form = await readPostedForm(context.request);
  const token = accessTokenFrom(context.cookies);
  const failureText = (key: MessageKey | null, error: string) => (key ? t(key) : error || t('common.somethingWentWrong'));

  if (form.get('intent') === 'email') {
    const { values, errors } = validateEmailChange({ emailAddress: form.get('emailAddress'), passwordold: form.get('passwordold') });
    const kept = { emailAddress: values.emailAddress };
    if (hasErrors(errors)) {
      const text = (code: keyof typeof errors) => (errors[code] ? t(VALIDATION_KEYS[errors[code]]) : undefined);
      return { ok: false, emailPanel: { open: true, saved: false, errors: { emailAddress: text('emailAddress'), passwordold: text('passwordold') }, values: kept } };
    }
    const answer = await sendFromServer(ENDPOINTS.userEmailChange, { token, body: values });
    if (answer.ok) return { ok: true, emailPanel: { open: false, saved: true } };
    return { ok: false, emailPanel: { open: true, saved: false, formError: failureText(emailChangeErrorKey(answer.status), answer.error), values: kept } };
  }

  const { values, errors } = validatePasswordChange({
    passwordold: form.get('passwordold'),
    password: form.get('password'),
    passwordConfirm: form.get('passwordConfirm'),
  });
  if (hasErrors(errors)) {
    const text = (code: keyof typeof errors) => (errors[code] ? t(VALIDATION_KEYS[errors[code]]) : undefined);
    return { ok: false, passwordPanel: { open: true, saved: false, errors: { passwordold: text('passwordold'), password: text('password'), passwordConfirm: text('passwordConfirm') } } };
  }
  const answer = await sendFromServer(ENDPOINTS.userPasswordChange, { token, body: values });
  if (answer.ok) return { ok: true, passwordPanel: { open: false, saved: true } };
  if (isPasswordTooShortAnswer(answer.status, answer.error)) return { ok: false, passwordPanel: { open: true, saved: false, errors: { password: t('validation.min5') } } };
  return { ok: false, passwordPanel: { open: true, saved: false, formError: failureText(passwordChangeErrorKey(answer.status), answer.error) } };
}
