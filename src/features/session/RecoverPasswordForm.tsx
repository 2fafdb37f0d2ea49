import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import Field from '~/components/ui/Field';
import { messageText } from '~/lib/i18n/message-ref';
import { createTranslate, type Messages, type MessagePrefix } from '~/lib/i18n/translate';
import { validateEmailField, VALIDATION_KEYS } from './session';
import { recoverPassword } from './session.action-calls';
import './session.css';
import { postForm } from '~/components/ui/post-form';
import { useTypedBeforeHydration } from '~/components/ui/typed-before-hydration';

export interface RecoverResult {
  ok: boolean;
  text: string;
}

export interface RecoverPasswordFormProps {
  messages: Messages;
  action: string;
  signinPath: string;
  initialEmail: string;
  initialError?: string | undefined;
  initialResult?: RecoverResult | null;
}

/** Asks for a password reset; the answer text of the store is shown with a success or failure icon. */
export default function RecoverPasswordForm(props: RecoverPasswordFormProps) {
  const t = useMemo(() => createTranslate(props.messages), [props.messages]);
  const [email, setEmail] = useState(props.initialEmail);
  const [touched, setTouched] = useState(Boolean(props.initialError));
  const [result, setResult] = useState<RecoverResult | null>(props.initialResult ?? null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  // Without JavaScript the button must stay usable; the rule "disabled while errors exist" needs it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name !== 'email' || typeof value !== 'string') return;
    setEmail(value);
    setTouched(true);
  });

  const { error } = validateEmailField(email);
  const shownError = touched && error ? t(VALIDATION_KEYS[error]) : !touched ? props.initialError : serverError;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    const answer = await recoverPassword(new FormData(event.currentTarget));
    setBusy(false);
    if (!answer.ok && answer.error) {
      setServerError(messageText(answer.error, t));
      return;
    }
    setResult({
      ok: answer.ok,
      text: messageText(answer.ok ? answer.message : (answer.message ?? { key: 'common.somethingWentWrong' }), t),
    });
  }

  if (result) {
    return (
      <div className={`recover-result recover-result--${result.ok ? 'ok' : 'failed'}`} role="status">
        <p className="recover-result__icon">
          <span aria-hidden="true">{result.ok ? '✓' : '✗'}</span>{' '}
          <strong>{result.ok ? t('session.recover.success') : t('session.recover.failure')}</strong>
        </p>
        <p>{result.text}</p>
        <a className="button" href={props.signinPath}>
          {t('session.recover.backToSignin')}
        </a>
      </div>
    );
  }

  return (
    <form ref={formRef} {...postForm(props.action, onSubmit)} aria-label={t('session.recover.title')}>
      <Field
        label={t('session.recover.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setTouched(true);
          setServerError(undefined);
        }}
        onBlur={() => setTouched(true)}
        error={shownError}
      />
      <button
        type="submit"
        className="button"
        disabled={hydrated && (Boolean(error) || busy)}
        aria-busy={busy || undefined}
      >
        {busy ? t('session.recover.sending') : t('session.recover.submit')}
      </button>
    </form>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
RecoverPasswordForm.messageDomains = ['session', 'validation', 'common'] satisfies MessagePrefix[];
