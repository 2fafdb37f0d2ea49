// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { stringify } from 'devalue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountSettings from '~/features/account/AccountSettings';
import {
  emailChangeRefusal,
  passwordChangeRefusal,
  TICK_DURATION_MS,
  type ChangeResult,
} from '~/features/account/account';
import { replaceBrowser } from '~/lib/browser';
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
  replaceBrowser({
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
  it('the statuses each form names have their own message at their field; others go to the generic handler', () => {
    expect(emailChangeRefusal(422)).toEqual({ field: 'emailAddress', key: 'account.email.taken' });
    expect(emailChangeRefusal(403)).toEqual({ field: 'passwordold', key: 'account.password.wrongCurrent' });
    expect(passwordChangeRefusal(422)).toEqual({ field: 'passwordold', key: 'account.password.wrongCurrent' });
    expect(emailChangeRefusal(500)).toBeNull();
    expect(passwordChangeRefusal(403)).toBeNull();
    expect(TICK_DURATION_MS).toBe(3000);
  });
});

/** A wrong current password, in our words: never the store's "doesn't match to the password on users record". */
const WRONG_CURRENT =
  'That is not your current password. Check it and try again; if you have forgotten it, sign out and choose “Forgot your password?”.';

/** The current password field of a panel: both panels name it the same. */
const currentPassword = (panel: 'E-mail' | 'Password') =>
  within(screen.getByRole('region', { name: panel })).getByLabelText<HTMLInputElement>('Current password');

/** The store's refusal is said at its field: marked invalid, read with it, focused, and nowhere above the form. */
async function expectRefusedAt(field: HTMLElement, text: string) {
  await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
  expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(text);
  expect(document.activeElement).toBe(field);
  expect(screen.queryByRole('alert')).toBeNull();
}

/** The settings as the page draws them for a signed-in customer; a test changes what it is about. */
function renderSettings(overrides: Partial<ComponentProps<typeof AccountSettings>> = {}) {
  render(
    <AccountSettings
      messages={messages}
      emailAction="/account-settings/?_action=account.changeEmail"
      passwordAction="/account-settings/?_action=account.changePassword"
      pageAddress="/account-settings/"
      initialUser={user}
      {...overrides}
    />,
  );
}

describe('<AccountSettings>', () => {
  it("draws its read's failure on the server with Try again as a link to the page, a button once awake", () => {
    const props = {
      messages,
      emailAction: '/account-settings/?_action=account.changeEmail',
      passwordAction: '/account-settings/?_action=account.changePassword',
      pageAddress: '/es/account-settings/',
      initialUser: null,
    };
    const page = document.createElement('div');
    page.innerHTML = renderToString(<AccountSettings {...props} />);
    const link = within(page).getByRole('link', { name: 'Try again' });
    expect(link.getAttribute('href')).toBe('/es/account-settings/');
    expect(within(page).getByRole('alert').textContent).toContain("can't get user info");
    renderSettings({ initialUser: null });
    expect(within(document.body).getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
  });

  it('shows the error block and loads again with Try again', async () => {
    answer = () => Response.json({ user });
    renderSettings({ initialUser: null });
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
        errors: { emailAddress: { key: 'account.email.taken' } },
        values: { emailAddress: 'taken@example.com' },
      });
    renderSettings();
    const panel = screen.getByRole('region', { name: 'E-mail' });
    await userEvent.click(panel.querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), '  taken@example.com ');
    await userEvent.type(currentPassword('E-mail'), 'Secret-1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    await expectRefusedAt(
      screen.getByRole('textbox', { name: 'New e-mail' }),
      'An account already exists with this email address',
    );
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/_actions/account.changeEmail/',
      body: { emailAddress: 'taken@example.com', passwordold: 'Secret-1' },
    });
  });

  it('e-mail: the current password is required, and a wrong one is named', async () => {
    answer = () => actionAnswer({ ok: false, errors: { passwordold: { key: 'account.password.wrongCurrent' } } });
    renderSettings();
    await userEvent.click(screen.getByRole('region', { name: 'E-mail' }).querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), 'new@example.com');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.type(currentPassword('E-mail'), 'guess');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    await expectRefusedAt(currentPassword('E-mail'), WRONG_CURRENT);
  });

  it('e-mail: invalid input is refused before sending', async () => {
    renderSettings();
    await userEvent.click(screen.getByRole('region', { name: 'E-mail' }).querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), 'nope');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(screen.getByText('Incorrect email address')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('e-mail: success closes and clears the form and shows a tick for the notification duration', async () => {
    answer = () => actionAnswer({ ok: true });
    renderSettings();
    const panel = screen.getByRole('region', { name: 'E-mail' });
    await userEvent.click(panel.querySelector('summary')!);
    await userEvent.type(screen.getByRole('textbox', { name: 'New e-mail' }), 'new@example.com');
    await userEvent.type(currentPassword('E-mail'), 'Secret-1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(panel.querySelector('details')?.open).toBe(false);
    expect((panel.querySelector('input[name=emailAddress]') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toContain('Saved');
    await act(() => vi.advanceTimersByTimeAsync(TICK_DURATION_MS + 50));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('password: all required, confirmation must match, a wrong current password is named in our words', async () => {
    answer = () => actionAnswer({ ok: false, errors: { passwordold: { key: 'account.password.wrongCurrent' } } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSettings();
    const panel = screen.getByRole('region', { name: 'Password' });
    await userEvent.click(panel.querySelector('summary')!);
    const apply = screen.getAllByRole('button', { name: 'Apply' })[1]!;
    await userEvent.click(apply);
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    await userEvent.type(currentPassword('Password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'Next1234!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Other1234!');
    await userEvent.click(apply);
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(sent).toEqual([]);
    expect(warn).toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), ' Next1234! ');
    await userEvent.click(apply);
    await expectRefusedAt(currentPassword('Password'), WRONG_CURRENT);
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
    renderSettings();
    const panel = screen.getByRole('region', { name: 'Password' });
    await userEvent.click(panel.querySelector('summary')!);
    await userEvent.type(currentPassword('Password'), 'Secret-1');
    await userEvent.type(screen.getByLabelText('New password'), 'Next1234!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Next1234!');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[1]!);
    await vi.waitFor(() =>
      expect(notices).toContainEqual(expect.objectContaining({ text: 'injected fault 503', type: 'error' })),
    );
    expect(panel.querySelector('[role=alert]')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('Next1234!');
  });

  it('Cancel sits after the fields beside Apply, and closes and clears the form back to Change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSettings({ pageAddress: '/es/account-settings/' });
    const panel = screen.getByRole('region', { name: 'Password' });
    const change = panel.querySelector('summary')!;
    await userEvent.click(change);
    const old = currentPassword('Password');
    expect(document.activeElement).toBe(old);
    const apply = screen.getAllByRole('button', { name: 'Apply' })[1]!;
    const cancel = panel.querySelector<HTMLAnchorElement>('.account-panel__actions a')!;
    expect(cancel.textContent).toBe('Cancel');
    expect(cancel.getAttribute('href')).toBe('/es/account-settings/');
    expect(cancel.parentElement).toBe(apply.parentElement);
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm.compareDocumentPosition(cancel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(apply);
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    await userEvent.type(old, 'typed');
    await userEvent.click(cancel);
    expect(panel.querySelector('details')?.open).toBe(false);
    expect(document.activeElement).toBe(change);
    expect(old.value).toBe('');
    expect(screen.queryAllByText('This field is required')).toHaveLength(0);
    expect(sent).toEqual([]);
    warn.mockRestore();
  });
});
