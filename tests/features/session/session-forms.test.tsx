// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import LoginForm, { type LoginFormProps } from '~/features/session/LoginForm';
import RecoverPasswordForm from '~/features/session/RecoverPasswordForm';
import { translator } from '~/lib/i18n/messages';

// The session forms as the server draws them; what their script adds is in enhance-session-forms.test.tsx.

const t = translator('en');

afterEach(cleanup);

const drawLogin = (props: Partial<LoginFormProps> = {}) =>
  render(
    <LoginForm
      t={t}
      locale="en"
      action="/login/?_action=session.login"
      redirect={null}
      showRateLimitToggle={false}
      {...props}
    />,
  );

describe('the login form', () => {
  it('posts to its page with the page the visitor was heading for, and draws no Show password of its own', () => {
    drawLogin({ redirect: '/account-settings/' });
    const form = screen.getByRole('form', { name: 'Log in' });
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/login/?_action=session.login');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({
      intent: 'login',
      redirect: '/account-settings/',
      username: '',
      password: '',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Password').type).toBe('password');
    expect(screen.queryByRole('button', { name: 'Show password' })).toBeNull();
  });

  it("draws the server's answer: its message as an alert, each field's error tied to it, the e-mail kept", () => {
    drawLogin({
      initialUsername: 'x@example.com',
      initialErrors: { password: 'required' },
      formError: 'Wrong credentials entered multiple times. Please, try again later',
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Wrong credentials entered multiple times. Please, try again later',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe('x@example.com');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field is required',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/recover-password/?email=x%40example.com',
    );
  });

  it('offers "Disable rate limit" only when asked, as a field of the form', () => {
    drawLogin({ showRateLimitToggle: true });
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Disable rate limit' });
    expect([toggle.name, toggle.value, toggle.form]).toEqual(['disableRateLimit', '1', screen.getByRole('form')]);
    cleanup();
    drawLogin();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('the recover password form', () => {
  const drawRecover = (props: { email?: string; error?: string; result?: { ok: boolean; text: string } }) =>
    render(
      <RecoverPasswordForm
        t={t}
        action="/recover-password/?_action=session.recoverPassword"
        signinPath="/signin/"
        email={props.email ?? ''}
        error={props.error}
        result={props.result ?? null}
      />,
    );

  it('posts the e-mail, prefilled, with the error the server found', () => {
    drawRecover({ email: 'nope', error: 'Incorrect email address' });
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    expect(email.value).toBe('nope');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Incorrect email address',
    );
    expect(screen.getByRole('form', { name: 'Recover password' }).getAttribute('action')).toBe(
      '/recover-password/?_action=session.recoverPassword',
    );
  });

  it("shows the store's answer with its icon and the way back instead of the form", () => {
    drawRecover({ result: { ok: false, text: 'Connection problem' } });
    const answer = screen.getByRole('status');
    expect(within(answer).getByText('Request failed').closest('.recover-result--failed')).not.toBeNull();
    expect(answer.textContent).toContain('Connection problem');
    expect(within(answer).getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin/');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
