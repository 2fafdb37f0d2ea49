import Field from '~/components/ui/Field';
import { formTextAttributes } from '~/components/ui/form-texts';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import type { Translate } from '~/lib/i18n/translate';
import { VALIDATION_KEYS, type FieldErrors, type LoginFields } from './session';
import './session.css';

export interface LoginFormProps {
  t: Translate;
  locale: Locale;
  /** This page and its login action: the form posts there and the server signs in. */
  action: string;
  redirect: string | null;
  initialUsername?: string;
  initialErrors?: FieldErrors<keyof LoginFields>;
  formError?: string | null;
  showRateLimitToggle: boolean;
  /** Whether Log in is the view's primary action (login) or a secondary one (sign-in, where guest checkout leads). */
  primary?: boolean;
}

/**
 * The auth form of sign-in and login, drawn on the server only: it posts, and the server signs in
 * and sends the visitor on. Its page's script (enhance-session-forms.ts) adds Show password, the
 * check before posting and the busy button, with the phrases the form carries.
 */
export default function LoginForm({ t, ...props }: LoginFormProps) {
  const username = props.initialUsername ?? '';
  const errors = props.initialErrors ?? {};
  const errorOf = (name: keyof LoginFields) => {
    const code = errors[name];
    return code ? t(VALIDATION_KEYS[code]) : undefined;
  };
  const recoverHref = `${localizedPath('/recover-password/', props.locale)}?${new URLSearchParams({ email: username.trim() }).toString()}`;

  return (
    <form
      method="post"
      action={props.action}
      noValidate
      aria-label={t('session.form.label')}
      className="auth-form"
      data-session-form="login"
      {...formTextAttributes({
        required: t(VALIDATION_KEYS.required),
        summary: t('validation.errorsInForm'),
        busy: t('session.form.submitting'),
        reveal: t('session.form.showPassword'),
        show: t('session.form.show'),
      })}
    >
      <input type="hidden" name="intent" value="login" />
      {props.redirect && <input type="hidden" name="redirect" value={props.redirect} />}
      {props.formError && (
        <p className="form-error" role="alert">
          {props.formError}
        </p>
      )}
      <Field
        label={t('session.form.username')}
        name="username"
        type="text"
        inputMode="email"
        autoComplete="username"
        required
        defaultValue={username}
        error={errorOf('username')}
      />
      {/* The script puts Show password into the control's box; without it the field stays a plain password field. */}
      <Field
        label={t('session.form.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errorOf('password')}
        trailing={null}
      />
      {props.showRateLimitToggle && (
        <label className="checkbox">
          <input type="checkbox" name="disableRateLimit" value="1" /> {t('session.form.disableRateLimit')}
        </label>
      )}
      <div className="auth-form__actions">
        <button type="submit" className={props.primary === false ? 'button button--secondary' : 'button'}>
          {t('session.form.submit')}
        </button>
        <a href={recoverHref} data-carries-email>
          {t('session.form.forgot')}
        </a>
      </div>
    </form>
  );
}
