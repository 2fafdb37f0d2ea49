import { browser } from '~/lib/browser';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import Field from '~/components/ui/Field';
import { localizedPath, type Locale } from '~/lib/i18n/locales';
import { messageText } from '~/lib/i18n/message-ref';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { hasErrors, validateLogin, VALIDATION_KEYS, type FieldErrors, type LoginFields } from './session';
import { login } from './session.action-calls';
import './session.css';
import { postForm } from '~/components/ui/post-form';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';

export interface LoginFormProps {
  messages: Messages;
  locale: Locale;
  /** This page and its login action: without JavaScript the form posts there and the server signs in. */
  action: string;
  redirect: string | null;
  initialUsername?: string;
  initialErrors?: FieldErrors<keyof LoginFields>;
  formError?: string | null;
  showRateLimitToggle: boolean;
  /** Whether Log in is the view's primary action (login) or a secondary one (sign-in, where guest checkout leads). */
  primary?: boolean;
}

/** The auth form of sign-in and login; works as a plain POST and signs in in place with JavaScript. */
export default function LoginForm(props: LoginFormProps) {
  const t = useMemo(() => createTranslate(props.messages), [props.messages]);
  const [username, setUsername] = useState(props.initialUsername ?? '');
  const [errors, setErrors] = useState<FieldErrors<keyof LoginFields>>(props.initialErrors ?? {});
  const [formError, setFormError] = useState<string | null>(props.formError ?? null);
  const [busy, setBusy] = useState(false);
  // Show password is an enhancement: without JavaScript the field stays a plain password field.
  const [hydrated, setHydrated] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'username' && typeof value === 'string') setUsername(value);
  });
  const recoverHrefFor = (email: string) =>
    `${localizedPath('/recover-password/', props.locale)}?${new URLSearchParams({ email: email.trim() }).toString()}`;
  // Read at click time too: text typed while the island was waking up may not have reached state.
  const onRecoverClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const field = formRef.current?.elements.namedItem('username');
    if (field instanceof HTMLInputElement) event.currentTarget.href = recoverHrefFor(field.value);
  };

  const errorOf = (name: keyof LoginFields) => {
    const code = errors[name];
    return code ? t(VALIDATION_KEYS[code]) : undefined;
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const { errors: found } = validateLogin({ username: data.get('username'), password: data.get('password') });
    setErrors(found);
    if (hasErrors(found)) {
      setFormError(t('validation.errorsInForm'));
      return;
    }
    setFormError(null);
    setBusy(true);
    const outcome = await login(data);
    if (outcome.ok) {
      browser().assign(localizedPath(outcome.target, props.locale));
      return;
    }
    setBusy(false);
    setErrors(outcome.errors);
    setFormError(messageText(outcome.formError, t));
  }

  return (
    <form
      ref={formRef}
      {...postForm(props.action, onSubmit)}
      aria-label={t('session.form.label')}
      className="auth-form"
    >
      <input type="hidden" name="intent" value="login" />
      {props.redirect && <input type="hidden" name="redirect" value={props.redirect} />}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Field
        label={t('session.form.username')}
        name="username"
        type="text"
        inputMode="email"
        autoComplete="username"
        required
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        error={errorOf('username')}
      />
      <Field
        label={t('session.form.password')}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        error={errorOf('password')}
        trailing={
          hydrated ? (
            <button
              type="button"
              aria-label={t('session.form.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {t('session.form.show')}
            </button>
          ) : null
        }
      />
      {props.showRateLimitToggle && (
        <label className="checkbox">
          <input type="checkbox" name="disableRateLimit" value="1" /> {t('session.form.disableRateLimit')}
        </label>
      )}
      <div className="auth-form__actions">
        <button
          type="submit"
          className={props.primary === false ? 'button button--secondary' : 'button'}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('session.form.submitting') : t('session.form.submit')}
        </button>
        <a href={recoverHrefFor(username)} onClick={onRecoverClick}>
          {t('session.form.forgot')}
        </a>
      </div>
    </form>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
LoginForm.messageDomains = ['session', 'validation', 'common'] satisfies MessagePrefix[];
