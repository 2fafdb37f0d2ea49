// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import LoginForm, { type LoginFormProps } from '~/features/session/LoginForm';
import RecoverPasswordForm from '~/features/session/RecoverPasswordForm';
import { enhanceSessionForms } from '~/features/session/enhance-session-forms';
import { translator } from '~/lib/i18n/messages';

// The session forms' script on the markup the server sends (session-forms.test.tsx draws it).

const t = translator('en');

const loginForm = (props: Partial<LoginFormProps> = {}) => (
  <LoginForm t={t} locale="en" action="/login/" redirect={null} showRateLimitToggle={false} {...props} />
);
const recoverForm = (email = '', error?: string) => (
  <RecoverPasswordForm t={t} action="/recover-password/" signinPath="/signin/" email={email} error={error} />
);

/** Whether each submit went on to post: the script may hold it back; the browser's post itself is not run here. */
let posted: boolean[] = [];

/** Puts the server's markup on the page and runs the script over it, as the page does. */
function serve(element: ReactElement): HTMLFormElement {
  document.body.innerHTML = renderToStaticMarkup(element);
  const form = document.querySelector('form')!;
  enhanceSessionForms(document);
  form.addEventListener('submit', (event) => {
    posted.push(!event.defaultPrevented);
    event.preventDefault();
  });
  return form;
}

afterEach(() => {
  document.body.innerHTML = '';
  posted = [];
});

const username = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
const password = () => screen.getByLabelText<HTMLInputElement>('Password');
const showBack = () => globalThis.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

describe('the login form with its script', () => {
  it('says what is missing as the server would, without posting', async () => {
    const form = serve(loginForm());
    await userEvent.type(username(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(posted).toEqual([false]);
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    // The markup of the server's answer to an empty post (values are the fields', not their markup's), the script's own Show password apart.
    const shown = form.cloneNode(true) as HTMLFormElement;
    shown.querySelector('.field__control > button')?.remove();
    const drawn = document.createElement('div');
    drawn.innerHTML = renderToStaticMarkup(
      loginForm({
        initialErrors: { username: 'required', password: 'required' },
        formError: 'Please correct the highlighted fields',
      }),
    );
    expect(shown.isEqualNode(drawn.firstElementChild)).toBe(true);
  });

  it('posts a filled form once, its button busy, and clears what it said before', async () => {
    serve(loginForm());
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.type(username(), 'customer@example.com');
    await userEvent.type(password(), 'Customer123!');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Log in' });
    await userEvent.click(button);
    expect(posted).toEqual([false, true]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('This field is required')).toBeNull();
    expect([button.disabled, button.getAttribute('aria-busy'), button.textContent]).toEqual([
      true,
      'true',
      'Logging in…',
    ]);
    // Enter in a field while the post is on its way sends nothing more.
    button.form?.requestSubmit();
    expect(posted).toEqual([false, true, false]);
    // Shown again from the browser's history, the page can post again.
    showBack();
    expect([button.disabled, button.getAttribute('aria-busy'), button.textContent]).toEqual([false, null, 'Log in']);
  });

  it('shows the password on request, in the same field', async () => {
    serve(loginForm());
    const field = password();
    await userEvent.type(field, 'typed early');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect([field.type, toggle.getAttribute('aria-pressed'), toggle.textContent]).toEqual([
      'password',
      'false',
      'Show',
    ]);
    await userEvent.click(toggle);
    expect([field.type, toggle.getAttribute('aria-pressed')]).toEqual(['text', 'true']);
    await userEvent.click(toggle);
    expect([field.type, toggle.getAttribute('aria-pressed')]).toEqual(['password', 'false']);
    expect(password()).toBe(field);
    expect(field.value).toBe('typed early');
  });

  it('links the forgotten-password page with the e-mail as typed, also when it was typed before the script ran', async () => {
    document.body.innerHTML = renderToStaticMarkup(loginForm({ locale: 'es' }));
    username().value = 'early@example.com';
    enhanceSessionForms(document);
    const link = () => screen.getByRole('link', { name: 'Forgot your password?' });
    expect(link().getAttribute('href')).toBe('/es/recover-password/?email=early%40example.com');
    await userEvent.clear(username());
    await userEvent.type(username(), ' a+b@example.com ');
    expect(link().getAttribute('href')).toBe('/es/recover-password/?email=a%2Bb%40example.com');
    // An autofill that fires no input event is read when the link is followed.
    username().value = 'filled@example.com';
    link().addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link());
    expect(link().getAttribute('href')).toBe('/es/recover-password/?email=filled%40example.com');
  });
});

describe('the recover password form with its script', () => {
  const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  const email = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' });

  it('keeps Send disabled while the e-mail is not valid, saying why once it has been typed in', async () => {
    serve(recoverForm());
    expect(send().disabled).toBe(true);
    expect(email().getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(email(), 'not-an-email');
    expect(screen.getByText('Incorrect email address')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(send().disabled).toBe(true);
    await userEvent.clear(email());
    expect(screen.getByText('This field is required')).toBeTruthy();
    await userEvent.type(email(), 'customer@example.com');
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(send().disabled).toBe(false);
  });

  it('starts from what the server sent: a prefilled address can be sent, its error stays', () => {
    serve(recoverForm('customer@example.com'));
    expect(send().disabled).toBe(false);
    document.body.innerHTML = '';
    serve(recoverForm('nope', 'Incorrect email address'));
    expect(send().disabled).toBe(true);
    expect(screen.getByText('Incorrect email address')).toBeTruthy();
  });

  it('sends once, saying so, and holds back a form that is not valid', async () => {
    serve(recoverForm('customer@example.com'));
    const button = send();
    await userEvent.click(button);
    expect(posted).toEqual([true]);
    expect([button.disabled, button.getAttribute('aria-busy'), button.textContent]).toEqual([true, 'true', 'Sending…']);
    button.form?.requestSubmit();
    expect(posted).toEqual([true, false]);
    document.body.innerHTML = '';
    posted = [];
    serve(recoverForm('nope')).requestSubmit();
    expect(posted).toEqual([false]);
    expect(screen.getByText('Incorrect email address')).toBeTruthy();
  });
});

describe("payment success's Print with the same script", () => {
  it('shows Print, prints on a press, and unfolds a folded invoice before printing', async () => {
    document.body.innerHTML =
      '<span data-print hidden><button type="button">Print invoice</button></span><details class="invoice"><summary>Invoice</summary></details>';
    const printed: number[] = [];
    const print = globalThis.print;
    globalThis.print = () => printed.push(1);
    try {
      enhanceSessionForms(document);
      const button = screen.getByRole('button', { name: 'Print invoice' });
      expect(button.closest('span')?.hidden).toBe(false);
      await userEvent.click(button);
      expect(printed).toEqual([1]);
      const details = document.querySelector('details')!;
      expect(details.open).toBe(false);
      globalThis.dispatchEvent(new Event('beforeprint'));
      expect(details.open).toBe(true);
    } finally {
      globalThis.print = print;
    }
  });
});

describe('the address of a page drawn from a form post', () => {
  const shownAt = (search: string) => {
    window.history.replaceState(null, '', `/login/${search}`);
    serve(loginForm());
    return `${window.location.pathname}${window.location.search}`;
  };

  it("loses the action's mark and keeps the rest of the query", () => {
    expect(shownAt('?_action=session.login')).toBe('/login/');
    expect(shownAt('?redirect=%2Forder-history%2F&_action=session.login')).toBe('/login/?redirect=%2Forder-history%2F');
  });

  it('is left alone when no form was posted', () => {
    expect(shownAt('?redirect=%2Forder-history%2F')).toBe('/login/?redirect=%2Forder-history%2F');
  });
});
