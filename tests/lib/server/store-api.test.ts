import { describe, expect, it } from 'vitest';
import { storeApi, storeApiUrl } from '~/lib/server/store-api';

const fake =
  (answer: () => Response | Promise<Response>): typeof fetch =>
  () =>
    Promise.resolve(answer());

describe('server store API helper', () => {
  it('joins paths below the API root and refuses others', () => {
    expect(storeApiUrl('a/basket/1', { basketNum: 'B', skip: undefined }, 'http://api.test/root/').href).toBe(
      'http://api.test/root/a/basket/1?basketNum=B',
    );
    expect(storeApiUrl('//evil.example/x', undefined, 'http://api.test/').origin).toBe('http://api.test');
    expect(() => storeApiUrl('../x', undefined, 'http://api.test/root/')).toThrow();
  });

  it('parses JSON and reports failures with the spec error text, never throwing', async () => {
    const ok = await storeApi<{ a: number }>('x', {
      baseUrl: 'http://api.test/',
      fetch: fake(() => Response.json({ a: 1 })),
    });
    expect(ok).toEqual({ ok: true, status: 200, body: { a: 1 } });
    const failed = await storeApi('x', {
      baseUrl: 'http://api.test/',
      fetch: fake(() => Response.json({ MESSAGE: 'gone' }, { status: 404 })),
    });
    expect(failed).toMatchObject({ ok: false, status: 404, error: 'gone' });
    const down = await storeApi('x', {
      baseUrl: 'http://api.test/',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect(down).toMatchObject({ ok: false, status: 502 });
  });

  it('times out with 504', async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
      );
    const result = await storeApi('x', { baseUrl: 'http://api.test/', fetch: hang, timeoutMs: 50 });
    expect(result).toMatchObject({ ok: false, status: 504 });
  });

  it('sends the bearer token and JSON body', async () => {
    let seen: Request | undefined;
    await storeApi('a/user/email', {
      baseUrl: 'http://api.test/',
      method: 'PATCH',
      token: 'tok',
      body: { emailAddress: 'x@y' },
      fetch: (input, init) => {
        seen = new Request(input, init);
        return Promise.resolve(Response.json({ ok: true }));
      },
    });
    expect(seen?.headers.get('authorization')).toBe('Bearer tok');
    expect(await seen?.json()).toEqual({ emailAddress: 'x@y' });
  });
});
