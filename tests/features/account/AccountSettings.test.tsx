// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stringify } from 'devalue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountSettings from '~/features/account/AccountSettings';
import {
  emailChangeErrorKey,
  passwordChangeErrorKey,
  TICK_DURATION_MS,
  type ChangeResult,
} from '~/features/account/account';
import { configureClient } from '~/lib/api/client';
import { setNoticeSink } from '~/lib/api/notify';
import { resetRequests } from '~/lib/api/requests.store';
import { pickMessages } from '~/lib/i18n/messages';

const messages = pickMessages('en', ['account', 'validation', 'common']);
let sent: Array<{ method: string; path: string; body: unknown }>;
let answer: (path: string) => Response;
/** A change action's answer as Astro sends it to an island. */
const actionAnswer = (result: ChangeResult) =>
  new Response(stringify(result), { headers: { 'content-type': 'application/json+devalue' } });

beforeEach(() => {
  sent = [];
  resetRequests();
  setNoticeSink(() => undefined);
  configureClient({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, body: request.method === 'GET' ? null : await request.json() });
      return answer(path);
    },
  });
  // The change forms post their action, which answers with message keys.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const path = new URL(input, window.location.origin).pathname;
    sent.push({ method: init?.method ?? 'GET', path, body: Object.fromEntries(init?.body as FormData) });
    return Promise.resolve(path).then(answer);
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = { id: 1, email: 'me@example.com' };

describe('account rules', () => {
  it('422 has its own message per form; other statuses go to the generic handler', () => {
    expect(emailChangeErrorKey(422)).toBe('account.email.taken');
    expect(emailChangeErrorKey(403)).toBe('account.email.wrongPassword');
    expect(passwordChangeErrorKey(422)).toBe('account.password.wrongOld');
    expect(emailChangeErrorKey(500)).toBeNull();
    expect(TICK_DURATION_MS).toBe(3000);
  });
});

describe('<AccountSettings>', () => {
  it('shows the error block and loads again with Try again', async () => {
    answer = () => Response.json({ user });
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={null}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain("can't get user info");
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on our server');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('me@example.com')).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/a/user/' });
  });

  it('e-mail: Change reveals the new address and the current password; a taken address shows the 422 message', async () => {
    answer = () =>
      actionAnswer({
        ok: false,
        formError: { key: 'account.email.taken' },
        values: { emailAddress: 'taken@example.com' },
      });
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={user}
      />,
    );
    const panel = screen.getByRole('region', { name: 'E-mail' });
    await userEvent.click(panel.querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), '  taken@example.com ');
    await userEvent.type(screen.getByLabelText('Your password'), 'Secret-1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe('An account already exists with this email address');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/_actions/account.changeEmail/',
      body: { emailAddress: 'taken@example.com', passwordold: 'Secret-1' },
    });
  });

  it('e-mail: the current password is required, and a wrong one is named', async () => {
    answer = () => actionAnswer({ ok: false, formError: { key: 'account.email.wrongPassword' } });
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={user}
      />,
    );
    await userEvent.click(screen.getByRole('region', { name: 'E-mail' }).querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), 'new@example.com');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Your password'), 'guess');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe('The password is not correct');
  });

  it('e-mail: invalid input is refused before sending', async () => {
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={user}
      />,
    );
    await userEvent.click(screen.getByRole('region', { name: 'E-mail' }).querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), 'nope');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(screen.getByText('Incorrect email address')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('e-mail: success closes and clears the form and shows a tick for the notification duration', async () => {
    answer = () => actionAnswer({ ok: true });
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={user}
      />,
    );
    const panel = screen.getByRole('region', { name: 'E-mail' });
    await userEvent.click(panel.querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Your password'), 'Secret-1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(panel.querySelector('details')?.open).toBe(false);
    expect((panel.querySelector('input[name=emailAddress]') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    await act(() => vi.advanceTimersByTimeAsync(TICK_DURATION_MS + 50));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('password: all required, confirmation must match, wrong old password shows the 422 message', async () => {
    answer = () => actionAnswer({ ok: false, formError: { key: 'account.password.wrongOld' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={user}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Password' });
    await userEvent.click(panel.querySelector('summary')!);
    const apply = screen.getAllByRole('button', { name: 'Apply' })[1]!;
    await userEvent.click(apply);
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Old password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'Next1234!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Other1234!');
    await userEvent.click(apply);
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(sent).toEqual([]);
    expect(warn).toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), ' Next1234! ');
    await userEvent.click(apply);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Old password doesn't match to the password on users record",
    );
    expect(sent[0]).toMatchObject({
      path: '/_actions/account.changePassword/',
      body: { passwordold: 'wrong', password: 'Next1234!', passwordConfirm: ' Next1234! ' },
    });
    warn.mockRestore();
  });

  it('password: a server failure goes to the error notification and keeps the form for a retry', async () => {
    const notices: Array<{ text: string; type?: string }> = [];
    setNoticeSink((notice) => notices.push(notice));
    answer = () => actionAnswer({ ok: false, formError: { text: 'injected fault 503' }, serverFailure: true });
    render(
      <AccountSettings
        messages={messages}
        emailAction="/account-settings/?_action=account.changeEmail"
        passwordAction="/account-settings/?_action=account.changePassword"
        initialUser={user}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Password' });
    await userEvent.click(panel.querySelector('summary')!);
    await userEvent.type(screen.getByLabelText('Old password'), 'Secret-1');
    await userEvent.type(screen.getByLabelText('New password'), 'Next1234!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Next1234!');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[1]!);
    await vi.waitFor(() =>
      expect(notices).toContainEqual(expect.objectContaining({ text: 'injected fault 503', type: 'error' })),
    );
    expect(panel.querySelector('[role=alert]')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('Next1234!');
  });
});
