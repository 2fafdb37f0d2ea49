import type { AstroCookies } from 'astro';
import { config } from '~/config';
import { errorText } from '~/lib/api/errors';
import { safeReturnPath } from '~/lib/http/safe-path';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { readPostedForm } from '~/lib/server/form';
import { storeApi } from '~/lib/server/store-api';
import { dropTokens, serverLogin } from './session.server';
import { hasErrors, loginErrorKey, loginTarget, validateEmailField, validateLogin, VALIDATION_KEYS, type FieldErrors, type LoginFields } from './session';

/** What the sign-in, login and recover pages do with a form posted without JavaScript. */
interface PageContext {
  request: Request;
  cookies: AstroCookies;
  url: URL;
  readonly clientAddress?: string;
  locals: { t: Translate; locale: Locale };
}

export interface LoginFormState {
  username: string;
  errors: FieldErrors<keyof LoginFields>;
  formError: string | null;
}

export type PostOutcome<State> = { redirect: string } | { state: State };

export const emptyLoginState: LoginFormState = { username: '', errors: {}, formError: null };

/** The page the visitor was heading for, from the query or the posted form; same-origin paths only. */
export function redirectParam(url: URL, form?: FormData): string | null {
  const raw = form?.get('redirect') ?? url.searchParams.get('redirect');
  const safe = safeReturnPath(typeof raw === 'string' ? raw : '', '');
  return safe || null;
}

export function showRateLimitToggle(): boolean {
  return config.PUBLIC_APP_ENV === 'e2e';
}

async function postLogin(context: PageContext, form: FormData): Promise<PostOutcome<LoginFormState>> {
  const { t, locale } = context.locals;
  const { values, errors } = validateLogin({ username: form.get('username'), password: form.get('password') });
  if (hasErrors(errors)) return { state: { username: values.username, errors, formError: t('validation.errorsInForm') } };
  const result = await serverLogin(context, values, { disableRateLimit: showRateLimitToggle() && form.get('disableRateLimit') === '1' });
  if (result.ok) return { redirect: localizedPath(loginTarget(result.role, redirectParam(context.url, form)), locale) };
  const key = loginErrorKey(result.status === 502 || result.status === 504 ? 0 : result.status);
  return { state: { username: values.username, errors: {}, formError: key ? t(key) : result.error || t('common.somethingWentWrong') } };
}

/** /login/ and the auth form of /signin/; /signin/ also takes "continue as guest" and "create account". */
export async function handleAuthPost(context: PageContext): Promise<PostOutcome<LoginFormState>> {
  const form = await readPostedForm(context.request);
  const intent = form.get('intent');
  const { locale } = context.locals;
  if (intent === 'guest' || intent === 'create') {
    dropTokens(context);
    return { redirect: `${localizedPath('/customer-form/', locale)}${intent === 'guest' ? '?guest=true' : ''}` };
  }
  return postLogin(context, form);
}

export interface RecoverState {
  email: string;
  error: string | undefined;
  result: { ok: boolean; text: string } | null;
}

export async function handleRecoverPost(context: PageContext): Promise<RecoverState> {
  const { t } = context.locals;
  const form = await readPostedForm(context.request);
  const { value, error } = validateEmailField(form.get('email'));
  if (error) return { email: value, error: t(VALIDATION_KEYS[error]), result: null };
  const answer = await storeApi<{ message?: string }>('a/user/password', { method: 'POST', body: { email: value } });
  if (answer.ok) return { email: value, error: undefined, result: { ok: true, text: errorText(answer.body, t('common.success')) } };
  const text = answer.status >= 500 ? t('common.connectionProblem') : answer.error || t('common.somethingWentWrong');
  return { email: value, error: undefined, result: { ok: false, text } };
}
