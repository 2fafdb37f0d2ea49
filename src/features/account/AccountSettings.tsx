import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type SubmitEvent, type ReactNode } from 'react';
import Field from '~/components/ui/Field';
import { handleLoggedOut } from '~/lib/api/client';
import { sendNotice } from '~/lib/api/notify';
import { messageText } from '~/lib/i18n/message-ref';
import { createTranslate, type Messages, type Translate, type MessagePrefix } from '~/lib/i18n/translate';
import {
  hasErrors,
  validateEmailChange,
  validatePasswordChange,
  VALIDATION_KEYS,
  type FieldErrors,
  type PasswordChangeFields,
} from '~/features/session/public';
import { MASKED_PASSWORD, TICK_DURATION_MS, type AccountUser, type ChangeResult } from './account';
import { changeEmail, changePassword } from './account.action-calls';
import './account.css';
import { $account, emailChanged, initAccount, loadAccount } from './account.store';
import { postForm } from '~/components/ui/post-form';

/** What the server answered to a form posted without JavaScript. */
export interface PanelState {
  open: boolean;
  saved: boolean;
  formError?: string | undefined;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

export interface AccountSettingsProps {
  messages: Messages;
  /** This page and each form's action: without JavaScript the forms post there. */
  emailAction: string;
  passwordAction: string;
  /** The page without a post: Cancel without JavaScript goes there, and the panels start closed. */
  pageAddress: string;
  initialUser: AccountUser | null;
  emailPanel?: PanelState | undefined;
  passwordPanel?: PanelState | undefined;
}

function useTick(initial: boolean): [boolean, () => void] {
  const [shown, setShown] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (initial) timer.current = setTimeout(() => setShown(false), TICK_DURATION_MS);
    return () => clearTimeout(timer.current);
  }, [initial]);
  return [
    shown,
    () => {
      clearTimeout(timer.current);
      setShown(true);
      timer.current = setTimeout(() => setShown(false), TICK_DURATION_MS);
    },
  ];
}

interface PanelProps {
  id: string;
  title: string;
  current: ReactNode;
  t: Translate;
  action: string;
  cancelHref: string;
  initial: PanelState | undefined;
  /** Returns field errors to show, or null when the values were sent. */
  submit: (form: FormData) => Promise<{ errors?: Record<string, string | undefined>; outcome?: ChangeResult }>;
  successText: string;
  fields: (errors: Record<string, string | undefined>, values: Record<string, string>) => ReactNode;
}

/**
 * A panel with its current value, a Change toggle revealing the form, Apply and Cancel after its
 * fields, and a tick on success.
 */
function ChangePanel(props: PanelProps) {
  const { t } = props;
  const [open, setOpen] = useState(props.initial?.open ?? false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>(props.initial?.errors ?? {});
  const [formError, setFormError] = useState<string | undefined>(props.initial?.formError);
  const [busy, setBusy] = useState(false);
  const [tick, showTick] = useTick(props.initial?.saved ?? false);
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  // Where focus goes once the panel has opened or closed: Change hides while the form shows, so
  // focus follows to the first field, back to Change on Cancel, and to a field the store refused.
  const [focusTarget, setFocusTarget] = useState<{ to: 'field' | 'invalid' | 'change' } | null>(null);
  const openedByChange = useRef(false);
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.to === 'change') summaryRef.current?.focus();
    else
      formRef.current
        ?.querySelector<HTMLInputElement>(focusTarget.to === 'invalid' ? '[aria-invalid="true"]' : 'input')
        ?.focus();
  }, [focusTarget]);
  // A visitor may open the panel before the island wakes up; hydration keeps the DOM as it is, so
  // the state is read back from it, or a later close would change nothing and the form stay open.
  useEffect(() => {
    if (detailsRef.current) setOpen(detailsRef.current.open);
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const { errors: found, outcome } = await props.submit(new FormData(event.currentTarget));
    setBusy(false);
    setErrors(found ?? {});
    if (found && hasErrors(found)) {
      setFormError(undefined);
      return;
    }
    if (!outcome) return;
    if (!outcome.ok) {
      if (outcome.sessionEnded) {
        handleLoggedOut();
        return;
      }
      setErrors(
        Object.fromEntries(Object.entries(outcome.errors ?? {}).map(([field, ref]) => [field, messageText(ref, t)])),
      );
      if (outcome.errors) setFocusTarget({ to: 'invalid' });
      const text = outcome.formError ? messageText(outcome.formError, t) : undefined;
      // A server failure is the error notification's; the form stays as it was for a retry.
      if (outcome.serverFailure) sendNotice({ text: text ?? t('common.somethingWentWrong'), type: 'error' });
      setFormError(outcome.serverFailure ? undefined : text);
      return;
    }
    formRef.current?.reset();
    setFormError(undefined);
    setOpen(false);
    showTick();
    sendNotice({ text: props.successText, type: 'success' });
  }

  function cancel(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    formRef.current?.reset();
    setErrors({});
    setFormError(undefined);
    setOpen(false);
    setFocusTarget({ to: 'change' });
  }

  return (
    <section className="card stack account-panel" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>
        {props.title}{' '}
        {tick && (
          <span className="account-panel__tick" role="status">
            <span aria-hidden="true">✓</span> {t('account.saved')}
          </span>
        )}
      </h2>
      {props.current}
      <details
        ref={detailsRef}
        open={open}
        onToggle={(event) => {
          const opened = event.currentTarget.open;
          setOpen(opened);
          if (opened && openedByChange.current) setFocusTarget({ to: 'field' });
          openedByChange.current = false;
        }}
      >
        <summary ref={summaryRef} className="button button--secondary" onClick={() => (openedByChange.current = true)}>
          {t('account.change')}
        </summary>
        <form ref={formRef} {...postForm(props.action, onSubmit)} aria-labelledby={`${props.id}-title`}>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          {props.fields(errors, props.initial?.values ?? {})}
          <div className="account-panel__actions">
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              {t('account.apply')}
            </button>
            <a className="button button--secondary" href={props.cancelHref} onClick={cancel}>
              {t('account.cancel')}
            </a>
          </div>
        </form>
      </details>
    </section>
  );
}

const message = (t: Translate, code: keyof typeof VALIDATION_KEYS | undefined) =>
  code ? t(VALIDATION_KEYS[code]) : undefined;

/** A password field of the account forms: required, with the autofill hint of a current or a new password. */
function PasswordField(props: { label: string; name: string; current?: boolean; error: string | undefined }) {
  return (
    <Field
      label={props.label}
      name={props.name}
      type="password"
      autoComplete={props.current ? 'current-password' : 'new-password'}
      required
      error={props.error}
    />
  );
}

/** Account settings: loader, error with retry, and the e-mail and password panels. */
export default function AccountSettings(props: AccountSettingsProps) {
  const t = useMemo(() => createTranslate(props.messages), [props.messages]);
  const started = useRef(false);
  if (!started.current) {
    started.current = true;
    initAccount(props.initialUser);
  }
  const state = useStore($account);
  // Until the island wakes, Try again is a link: the page asked again, drawn from a new read.
  const [awake, setAwake] = useState(false);
  useEffect(() => setAwake(true), []);

  if (state.status === 'loading') {
    return (
      <p role="status" className="loader">
        {t('common.loading')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="card stack">
        <p>
          <strong>{t('account.loadError')}</strong>
        </p>
        <p>{t('common.errorWithServer')}</p>
        {awake ? (
          <button type="button" className="button" onClick={() => void loadAccount()}>
            {t('common.tryAgain')}
          </button>
        ) : (
          <a className="button" href={props.pageAddress}>
            {t('common.tryAgain')}
          </a>
        )}
      </div>
    );
  }

  // Both panels speak the page's words and cancel back to the page.
  const panelWords = { t, cancelHref: props.pageAddress };
  return (
    <div className="stack">
      <ChangePanel
        {...panelWords}
        id="account-email"
        title={t('account.email.title')}
        action={props.emailAction}
        initial={props.emailPanel}
        successText={t('account.email.changed')}
        current={
          <p>
            {t('account.email.current')}: <strong data-testid="current-email">{state.user.email}</strong>
          </p>
        }
        submit={async (form) => {
          const { values, errors } = validateEmailChange({
            emailAddress: form.get('emailAddress'),
            passwordold: form.get('passwordold'),
          });
          if (hasErrors(errors))
            return {
              errors: { emailAddress: message(t, errors.emailAddress), passwordold: message(t, errors.passwordold) },
            };
          const outcome = await changeEmail(form);
          if (outcome.ok) emailChanged(values.emailAddress);
          return { outcome };
        }}
        fields={(errors, values) => (
          <>
            <Field
              label={t('account.email.new')}
              name="emailAddress"
              type="email"
              autoComplete="email"
              required
              defaultValue={values['emailAddress'] ?? ''}
              error={errors['emailAddress']}
            />
            <PasswordField
              label={t('account.password.current')}
              name="passwordold"
              current
              error={errors['passwordold']}
            />
          </>
        )}
      />
      <ChangePanel
        {...panelWords}
        id="account-password"
        title={t('account.password.title')}
        action={props.passwordAction}
        initial={props.passwordPanel}
        successText={t('account.password.changed')}
        current={
          <p>
            {t('account.password.current')}: <span aria-hidden="true">{MASKED_PASSWORD}</span>
          </p>
        }
        submit={async (form) => {
          const { errors } = validatePasswordChange({
            passwordold: form.get('passwordold'),
            password: form.get('password'),
            passwordConfirm: form.get('passwordConfirm'),
          });
          if (hasErrors(errors)) {
            // The spec's rule: a failed form check is logged and nothing is sent.
            console.warn('password change form has errors');
            return { errors: passwordMessages(t, errors) };
          }
          return { outcome: await changePassword(form) };
        }}
        fields={(errors) => (
          <>
            <PasswordField
              label={t('account.password.current')}
              name="passwordold"
              current
              error={errors['passwordold']}
            />
            <PasswordField label={t('account.password.new')} name="password" error={errors['password']} />
            <PasswordField
              label={t('account.password.confirm')}
              name="passwordConfirm"
              error={errors['passwordConfirm']}
            />
          </>
        )}
      />
    </div>
  );
}

/** The message domains this island translates: its page sends it these phrases. */
AccountSettings.messageDomains = ['account', 'validation', 'common'] satisfies MessagePrefix[];

export function passwordMessages(
  t: Translate,
  errors: FieldErrors<keyof PasswordChangeFields>,
): Record<string, string | undefined> {
  return {
    passwordold: message(t, errors.passwordold),
    password: message(t, errors.password),
    passwordConfirm: message(t, errors.passwordConfirm),
  };
}
