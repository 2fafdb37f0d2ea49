// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginForm from '~/features/session/LoginForm';
import { configureClient } from '~/lib/api/client';
import { setNoticeSink } from '~/lib/api/notify';
import { resetRequests } from '~/lib/api/requests.store';
import { pickMessages } from '~/lib/i18n/messages';

const messages = pickMessages('en', ['session', 'validation', 'common']);
let sent: Array<{ path: string; body: unknown; headers: Headers }>;
let answer: () => Response;
const assign = vi.fn();

beforeEach(() => {
  sent = [];
  resetRequests();
  setNoticeSink(() => undefined);
  configureClient({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push({ path: new URL(request.url).pathname, body: await request.json(), headers: request.headers });
      return answer();
    },
  });
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, search: '' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assign.mockReset();
});

const renderForm = (redirect: string | null = null, showRateLimitToggle = false) =>
  render(<LoginForm messages={messages} locale="en" action="/login/" redirect={redirect} showRateLimitToggle={showRateLimitToggle} />);

describe('<LoginForm>', () => {
  it('requires both fields and says "errors in form" without sending anything', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('errors in form');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('sends trimmed credentials through the proxy and goes to the wanted page', async () => {
    answer = () => Response.json({ user: { role: 'customer' } });
    renderForm('/account-settings/');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), '  customer@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), ' Customer123! ');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/account-settings/'));
    expect(sent[0]).toMatchObject({ path: '/api/v2/auth/login/', body: { username: 'customer@example.com', password: 'Customer123!' } });
  });

  it('shows the rate-limit message on 429 and keeps what was typed', async () => {
    answer = () => Response.json({ message: 'rate limit exceeded' }, { status: 429 });
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'x@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong credentials entered multiple times. Please, try again later');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail' }).value).toBe('x@example.com');
    expect(assign).not.toHaveBeenCalled();
  });

  it('links the forgotten-password page with the typed username', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'a+b@example.com');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/recover-password/?email=a%2Bb%40example.com');
  });

  it('offers "Disable Rate Limit" only when asked, and sends its header', async () => {
    answer = () => Response.json({ user: { role: 'subscriber' } });
    renderForm(null, true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Disable Rate Limit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'subscriber@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Subscriber1!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/customer-form/'));
    expect(sent[0]?.headers.get('x-disable-rate-limit')).toBe('1');
    cleanup();
    renderForm(null, false);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
