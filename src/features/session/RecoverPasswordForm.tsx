import Field from '~/components/ui/Field';
import { formTextAttributes } from '~/components/ui/form-texts';
import type { Translate } from '~/lib/i18n/translate';
import { VALIDATION_KEYS } from './session';
import './session.css';

export interface RecoverResult {
  ok: boolean;
  text: string;
}

export interface RecoverPasswordFormProps {
  t: Translate;
  action: string;
  signinPath: string;
  email: string;
  error?: string | undefined;
  /** The store's answer to a reset request, once there is one: shown instead of the form. */
  result?: RecoverResult | null;
}

/**
 * Asks for a password reset, drawn on the server only; the answer text of the store is shown with
 * a success or failure icon. Its page's script (enhance-session-forms.ts) checks the e-mail as it
 * is typed and keeps Send disabled while it is not valid.
 */
export default function RecoverPasswordForm({ t, ...props }: RecoverPasswordFormProps) {
  if (props.result) {
    return (
      <div className={`recover-result recover-result--${props.result.ok ? 'ok' : 'failed'}`} role="status">
        <p className="recover-result__icon">
          <span aria-hidden="true">{props.result.ok ? '✓' : '✗'}</span>{' '}
          <strong>{props.result.ok ? t('session.recover.success') : t('session.recover.failure')}</strong>
        </p>
        <p>{props.result.text}</p>
        <a className="button" href={props.signinPath}>
          {t('session.recover.backToSignin')}
        </a>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={props.action}
      noValidate
      aria-label={t('session.recover.title')}
      data-session-form="recover"
      {...formTextAttributes({
        required: t(VALIDATION_KEYS.required),
        email: t(VALIDATION_KEYS.email),
        busy: t('session.recover.sending'),
      })}
    >
      <Field
        label={t('session.recover.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={props.email}
        error={props.error}
      />
      <button type="submit" className="button">
        {t('session.recover.submit')}
      </button>
    </form>
  );
}
