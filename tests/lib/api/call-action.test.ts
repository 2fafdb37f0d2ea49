import { stringify } from 'devalue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callAction } from '~/lib/api/call-action';
import type { MessageKey } from '~/lib/i18n/translate';

const failed = (key: MessageKey) => ({ ok: false as const, formError: { key } });
const answering = (response: Response | Error) => {
  const fetch = vi.fn((..._args: Parameters<typeof globalThis.fetch>) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calling an action from an island', () => {
  it("posts the form to the action's address and answers what the action answered", async () => {
    const fetch = answering(new Response(stringify({ ok: true })));
    const form = new FormData();
    form.set('emailAddress', 'a@example.com');
    await expect(callAction('account.changeEmail', form, failed)).resolves.toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/_actions/account.changeEmail/');
    expect(init).toMatchObject({ method: 'POST', body: form });
  });

  it('answers "Something went wrong" for a refusal or an unreadable answer, and the caller\'s own "can\'t connect" without one', async () => {
    answering(new Response('{"code":"INTERNAL_SERVER_ERROR"}', { status: 500 }));
    await expect(callAction('account.changePassword', new FormData(), failed)).resolves.toEqual(
      failed('common.somethingWentWrong'),
    );
    answering(new Response(null, { status: 204 }));
    await expect(callAction('account.changePassword', new FormData(), failed)).resolves.toEqual(
      failed('common.somethingWentWrong'),
    );
    answering(new TypeError('Failed to fetch'));
    await expect(
      callAction(
        'customerForm.submit',
        new FormData(),
        (key) => ({ ok: false as const, failure: { key } }),
        'customer.cantConnect',
      ),
    ).resolves.toEqual({ ok: false, failure: { key: 'customer.cantConnect' } });
  });
});
