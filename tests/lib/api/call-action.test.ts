import { stringify } from 'devalue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callAction } from '~/lib/api/call-action';
import type { MessageKey } from '~/lib/i18n/translate';

const failed = (key: MessageKey) => ({ ok: false, key });
const answering = (response: Response | Error) =>
  vi.fn((..._args: Parameters<typeof fetch>) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calling an action from an island', () => {
  it("posts the form to the action's address and answers what the action answered", async () => {
    const fetch = answering(new Response(stringify({ ok: true, next: '/review-order/' })));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.set('username', 'a@example.com');
    await expect(callAction('session.login', form, failed)).resolves.toEqual({ ok: true, next: '/review-order/' });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/_actions/session.login/');
    expect(init).toMatchObject({ method: 'POST', body: form });
  });

  it('answers "Something went wrong" for a refusal and the caller\'s own "can\'t connect" without an answer', async () => {
    vi.stubGlobal('fetch', answering(new Response('{"code":"INTERNAL_SERVER_ERROR"}', { status: 500 })));
    await expect(callAction('session.login', new FormData(), failed)).resolves.toEqual(
      failed('common.somethingWentWrong'),
    );
    vi.stubGlobal('fetch', answering(new TypeError('Failed to fetch')));
    await expect(callAction('customerForm.submit', new FormData(), failed, 'customer.cantConnect')).resolves.toEqual(
      failed('customer.cantConnect'),
    );
  });
});
