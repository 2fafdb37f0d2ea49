import { describe, expect, it } from 'vitest';
import { runWithRequestId } from '~/lib/server/observability/request-context';
import { callUpstream } from '~/lib/server/proxy/upstream';
import { storeApi } from '~/lib/server/store-api';

function recorder(): { fetch: typeof fetch; seen: Headers[] } {
  const seen: Headers[] = [];
  return {
    seen,
    fetch: (input, init) => {
      seen.push(new Request(input, init).headers);
      return Promise.resolve(Response.json({ ok: true }));
    },
  };
}

describe('the request id reaches the store API', () => {
  it('on calls a page makes while rendering, even after an await', async () => {
    const { fetch, seen } = recorder();
    await runWithRequestId('req-page-1', async () => {
      await Promise.resolve();
      await storeApi('a/user/', { baseUrl: 'http://api.test/', fetch });
    });
    expect(seen[0]?.get('x-request-id')).toBe('req-page-1');
  });

  it('on proxy calls that arrived without one (forms without JavaScript)', async () => {
    const { fetch, seen } = recorder();
    const settings = { baseUrl: 'http://api.test/', timeoutMs: 1000, fetch };
    const call = { method: 'GET', path: 'a/basket/1', search: '', headers: new Headers(), body: null };
    await runWithRequestId('req-proxy-1', () => callUpstream(settings, call));
    expect(seen[0]?.get('x-request-id')).toBe('req-proxy-1');
    // The browser's own id for the call wins when it sent one.
    await runWithRequestId('req-proxy-2', () =>
      callUpstream(settings, { ...call, headers: new Headers({ 'x-request-id': 'getBasket-1a2b3c4d' }) }),
    );
    expect(seen[1]?.get('x-request-id')).toBe('getBasket-1a2b3c4d');
  });

  it('sends none outside a request', async () => {
    const { fetch, seen } = recorder();
    await storeApi('a/user/', { baseUrl: 'http://api.test/', fetch });
    expect(seen[0]?.has('x-request-id')).toBe(false);
  });
});
