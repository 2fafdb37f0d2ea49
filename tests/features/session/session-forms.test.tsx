// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stringify } from 'devalue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginForm from '~/features/session/LoginForm';
import type { LoginResult } from '~/features/session/session';
import { replaceBrowser, restoreBrowser } from '~/lib/browser';
import { setNoticeSink } from '~/lib/api/notify';
import { resetRequests } from '~/lib/api/requests.store';
import { pickMessages } from '~/lib/i18n/messages';

const messages = pickMessages('en', ['session', 'validation', 'common']);
let sent: Array<{ path: string; body: FormData }>;
let answer: () => Response;
const assign = vi.fn();
/** The login action's answer as Astro sends it to an island. */
const actionAnswer = (result: LoginResult) =>
  new Response(stringify(result), { headers: { 'content-type': 'application/json+devalue' } });

beforeEach(() => {
  sent = [];
  resetRequests();
  setNoticeSink(() => undefined);
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    sent.push({ path: new URL(input, window.location.origin).pathname, body: init?.body as FormData });
    return Promise.resolve().then(answer);
  });
  replaceBrowser({ assign });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  restoreBrowser();
  assign.mockReset();
});

const renderForm = (redirect: string | null = null, showRateLimitToggle = false) =>
  render(
    <LoginForm
      messages={messages}
      locale="en"
      action="/login/"
      redirect={redirect}
      showRateLimitToggle={showRateLimitToggle}
    />,
  );

describe('<LoginForm>', () => {
  it('requires both fields and says "Please correct the highlighted fields" without sending anything', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('sends the credentials to the login action and goes to the page it names', async () => {
    answer = () => actionAnswer({ ok: true, target: '/account-settings/' });
    renderForm('/account-settings/');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), '  customer@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), ' Customer123! ');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/account-settings/'));
    expect(sent[0]?.path).toBe('/_actions/session.login/');
    expect(Object.fromEntries(sent[0]?.body ?? [])).toMatchObject({
      username: '  customer@example.com ',
      password: ' Customer123! ',
      redirect: '/account-settings/',
    });
  });

  it('shows the rate-limit message on 429 and keeps what was typed', async () => {
    answer = () =>
      actionAnswer({ ok: false, username: 'x@example.com', errors: {}, formError: { key: 'session.rateLimited' } });
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'x@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Wrong credentials entered multiple times. Please, try again later',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe('x@example.com');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says "Can\'t connect to the server" when the post never reaches the site', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'x@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Can't connect to server. Please, try again");
  });

  it('shows the password on request once awake; the field is a password field until then', async () => {
    renderForm();
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(password.type).toBe('password');
    // The same input throughout: what was typed before the toggle appeared stays.
    expect(screen.getByLabelText('Password')).toBe(password);
  });

  it('links the forgotten-password page with the typed username', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'a+b@example.com');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/recover-password/?email=a%2Bb%40example.com',
    );
  });

  it('offers "Disable rate limit" only when asked, and sends it', async () => {
    answer = () => actionAnswer({ ok: true, target: '/customer-form/' });
    renderForm(null, true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Disable rate limit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'subscriber@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Subscriber1!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/customer-form/'));
    expect(sent[0]?.body.get('disableRateLimit')).toBe('1');
    cleanup();
    renderForm(null, false);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
