import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { requestLimits } from '~/middleware/request-limits';

const BROKEN_MULTIPART = { 'content-type': 'multipart/form-data; boundary=x' };

/** A page form post through the middleware; the page answers `status` with what it was given. */
async function post(path: string, headers: Record<string, string>, body: string | FormData, status = 200) {
  const url = new URL(`http://site.test${path}`);
  const request = new Request(url, { method: 'POST', headers, body });
  const next = vi.fn(async (rewrite?: Parameters<MiddlewareNext>[0]) => {
    const seen = rewrite instanceof Request ? rewrite : request;
    const form = await seen.formData();
    return new Response(`<title>Log in</title> fields: ${[...form.keys()].join(',')}`, {
      status,
      headers: { 'content-type': 'text/html', ...(status === 303 ? { location: '/login/' } : {}) },
    });
  });
  const answer = (await requestLimits({ request, url } as APIContext, next)) as Response;
  return { answer, next };
}

describe('a page form whose body is no form', () => {
  it('answers 400 with the page drawn as for an empty form, never reaching the page with the broken body', async () => {
    const { answer, next } = await post('/login/?_action=session.login', BROKEN_MULTIPART, 'garbage');
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe('<title>Log in</title> fields: ');
    expect(next).toHaveBeenCalledOnce();
  });

  it('keeps a redirect of the page (a signed-out visitor sent to login) as it is', async () => {
    const { answer } = await post('/account-settings/?_action=account.changeEmail', BROKEN_MULTIPART, 'x', 303);
    expect(answer.status).toBe(303);
  });

  it('passes a well-formed multipart form to the page as it came', async () => {
    const form = new FormData();
    form.set('username', 'a@b.c');
    const { answer, next } = await post('/login/?_action=session.login', {}, form);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('fields: username');
    expect(next).toHaveBeenCalledWith();
  });
});
