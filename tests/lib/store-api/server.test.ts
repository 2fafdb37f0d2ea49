import { describe, expect, it } from 'vitest';
import { runWithoutDeadline, runWithRequest } from '~/lib/server/observability/request-context';
import { deadlineAfter } from '~/lib/server/request-deadline';
import { VisitorSession } from '~/lib/session/renewal';
import { endpoint, type Decoder, type HttpMethod } from '~/lib/store-api/endpoint';
import {
  failureAnswer,
  sendForShopper,
  sendFromServer,
  sendToStoreApi,
  storeApiUrl,
  type ServerCall,
} from '~/lib/store-api/server';
import { fakeStoreApi, jsonAnswer } from '../../support/store-api-calls';

const API = 'http://api.test/';
const NEW = { token: 'new-acc', refreshToken: 'new-ref' };
const count = (body: unknown) => (typeof body === 'number' ? body : undefined);

/** A call of a table entry at `path`, its answer read by `decode`. */
/** The answer as it came, so each test sees what the sender read. */
const asIs: Decoder<unknown> = (body) => body;

function storeApi(path: string, call: ServerCall & { method?: HttpMethod } = {}, decode = asIs) {
  const { method = 'GET', ...rest } = call;
  return sendFromServer(endpoint({ method, path, flag: 'test', decode }), rest);
}

describe('the server sender', () => {
  it('joins paths below the API root and refuses others', () => {
    expect(storeApiUrl('a/basket/1', { basketNum: 'B', skip: undefined }, 'http://api.test/root/').href).toBe(
      'http://api.test/root/a/basket/1?basketNum=B',
    );
    expect(storeApiUrl('a/item/1/2', '?basketNum=B1&store_id=marine', API).search).toBe(
      '?basketNum=B1&store_id=marine',
    );
    expect(storeApiUrl('//evil.example/x', undefined, API).origin).toBe('http://api.test');
    // The message reaches the log: it names no path, which would name a basket or an order.
    expect(() => storeApiUrl('../600123', undefined, 'http://api.test/root/')).toThrow(/^path outside the store API$/);
  });

  it('answers the one Result: decoded, refused with the spec error text, unreadable, or no answer; never throwing', async () => {
    const answering = (answer: Response | Promise<Response>) => ({
      baseUrl: API,
      fetch: fakeStoreApi(() => answer).fetch,
    });
    expect(await storeApi('x', { settings: answering(Response.json({ a: 1 })) })).toEqual({
      ok: true,
      value: { a: 1 },
    });
    expect(await storeApi('x', { settings: answering(Response.json(5)) }, count)).toEqual({ ok: true, value: 5 });
    expect(await storeApi('x', { settings: answering(Response.json({ a: 1 })) }, count)).toEqual({
      ok: false,
      failure: { kind: 'http', status: 200, message: '', body: { a: 1 } },
    });
    expect(await storeApi('x', { settings: answering(Response.json({ MESSAGE: 'gone' }, { status: 404 })) })).toEqual({
      ok: false,
      failure: { kind: 'http', status: 404, message: 'gone', body: { MESSAGE: 'gone' } },
    });
    expect(await storeApi('x', { settings: answering(new Response('down for repairs', { status: 503 })) })).toEqual({
      ok: false,
      failure: { kind: 'http', status: 503, message: 'down for repairs', body: 'down for repairs' },
    });
    const unreachable = await storeApi('x', { settings: answering(Promise.reject(new TypeError('fetch failed'))) });
    expect(unreachable).toEqual({ ok: false, failure: { kind: 'offline', message: 'store API unreachable' } });
    expect(!unreachable.ok && failureAnswer(unreachable.failure)).toEqual({
      status: 502,
      body: null,
      message: 'store API unreachable',
    });
  });

  it('gives up after its timeout (504 for a page), and sends a call once whatever its answer', async () => {
    const hang = fakeStoreApi(() => new Promise<Response>(() => undefined));
    const slow = await storeApi('x', { settings: { baseUrl: API, fetch: hang.fetch, timeoutMs: 50 } });
    expect(slow).toEqual({ ok: false, failure: { kind: 'offline', message: 'store API timeout' } });
    expect(!slow.ok && failureAnswer(slow.failure).status).toBe(504);
    expect(hang.calls).toHaveLength(1);
    const failing = fakeStoreApi(() => jsonAnswer({ message: 'down' }, 503));
    expect((await sendToStoreApi('x', { settings: { baseUrl: API, fetch: failing.fetch } })).kind).toBe('answered');
    expect(failing.calls).toHaveLength(1);
  });

  it("sends a basket call with the shopper's token and key, and once more without a token the store API refused", async () => {
    const entry = endpoint({ method: 'POST', path: 'a/basket/bulk', flag: 'test', decode: asIs });
    const shopper = { basketKey: 'key-1', token: 'ended' };
    const refusing = fakeStoreApi((call) =>
      call.headers.has('authorization') ? jsonAnswer({ message: 'session ended' }, 401) : Response.json({ ok: 1 }),
    );
    expect(await sendForShopper(entry, { settings: { baseUrl: API, fetch: refusing.fetch } }, shopper)).toEqual({
      ok: true,
      value: { ok: 1 },
    });
    expect(refusing.calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer ended', null]);
    expect(refusing.calls.map((call) => call.headers.get('x-basket-key'))).toEqual(['key-1', 'key-1']);
    const refusingTheKey = fakeStoreApi(() => jsonAnswer({ message: 'basket not found' }, 404));
    await sendForShopper(entry, { settings: { baseUrl: API, fetch: refusingTheKey.fetch } }, shopper);
    expect(refusingTheKey.calls).toHaveLength(1);
  });

  it('sends the bearer token and JSON body', async () => {
    const api = fakeStoreApi(() => Response.json({ ok: true }));
    await storeApi('a/user/email', {
      method: 'PATCH',
      token: 'tok',
      body: { emailAddress: 'x@y' },
      settings: { baseUrl: API, fetch: api.fetch },
    });
    expect(api.calls[0]).toMatchObject({ method: 'PATCH', path: '/a/user/email', body: { emailAddress: 'x@y' } });
    expect(api.calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('carries the request id of the page it is made for; the browser’s own id for the call wins', async () => {
    const api = fakeStoreApi(() => Response.json({ ok: true }));
    const settings = { baseUrl: API, fetch: api.fetch };
    await runWithRequest({ requestId: 'req-page-1' }, async () => {
      await Promise.resolve();
      await storeApi('a/user/', { settings });
    });
    await runWithRequest({ requestId: 'req-proxy-2' }, () =>
      sendToStoreApi('a/basket/1', { headers: { 'x-request-id': 'getBasket-1a2b3c4d' }, settings }),
    );
    await storeApi('a/user/', { settings });
    expect(api.calls.map((call) => call.headers.get('x-request-id'))).toEqual([
      'req-page-1',
      'getBasket-1a2b3c4d',
      null,
    ]);
  });
});

describe('the sender within a request', () => {
  it('waits only for what is left of the request’s deadline, and sends nothing once it has passed', async () => {
    const hang = fakeStoreApi(() => new Promise<Response>(() => undefined));
    const settings = { baseUrl: API, fetch: hang.fetch, timeoutMs: 60_000 };
    const started = performance.now();
    const answers = await runWithRequest({ requestId: 'r', deadline: deadlineAfter(100) }, async () => [
      await sendToStoreApi('a', { settings }),
      await sendToStoreApi('b', { settings }),
    ]);
    expect(answers.map((answer) => answer.kind)).toEqual(['timeout', 'timeout']);
    expect(hang.calls.map((call) => call.path)).toEqual(['/a']);
    // Far below the call's own 60 s: the deadline's 100 ms, with room for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('keeps the request id but no deadline for work a request set going that its deadline does not bind', async () => {
    const api = fakeStoreApi(() => Response.json({ ok: true }));
    const settings = { baseUrl: API, fetch: api.fetch };
    const answer = await runWithRequest({ requestId: 'r', deadline: deadlineAfter(-1) }, () =>
      runWithoutDeadline(() => sendToStoreApi('a', { settings })),
    );
    expect(answer.kind).toBe('answered');
    expect(api.calls[0]?.headers.get('x-request-id')).toBe('r');
  });
});

describe('the sender with a visitor session', () => {
  const renewing = (renewal: 'renewed' | 'refused' | 'unavailable') => {
    const asked: string[] = [];
    const renew = (refreshToken: string) => {
      asked.push(refreshToken);
      return Promise.resolve(renewal === 'renewed' ? { kind: renewal, tokens: NEW } : { kind: renewal });
    };
    return { asked, renew };
  };
  const acceptingOnly = (token: string) =>
    fakeStoreApi((call) =>
      call.headers.get('authorization') === `Bearer ${token}` ? Response.json({ ok: true }) : jsonAnswer({}, 401),
    );

  it('a 401 is answered by one renewal and the same call, body and all, sent again with the new token', async () => {
    const api = acceptingOnly(NEW.token);
    const renewal = renewing('renewed');
    const session = new VisitorSession({ access: 'not-a-token', refresh: 'r' }, renewal.renew);
    const answer = await sendToStoreApi('a/user/email', {
      method: 'PATCH',
      json: { emailAddress: 'x@y' },
      session,
      settings: { baseUrl: API, fetch: api.fetch },
    });
    expect(answer).toMatchObject({ kind: 'answered', status: 200 });
    expect(renewal.asked).toEqual(['r']);
    expect(api.calls.map((call) => [call.headers.get('authorization'), call.body])).toEqual([
      ['Bearer not-a-token', { emailAddress: 'x@y' }],
      ['Bearer new-acc', { emailAddress: 'x@y' }],
    ]);
    expect(session.state).toBe('renewed');
  });

  it('a refused renewal or a refused retry ends the session after at most two calls', async () => {
    const refused = acceptingOnly('none');
    const session = new VisitorSession({ access: 'not-a-token', refresh: 'r' }, renewing('refused').renew);
    expect(
      await sendToStoreApi('a/user/', { session, settings: { baseUrl: API, fetch: refused.fetch } }),
    ).toMatchObject({ kind: 'answered', status: 401 });
    expect(session.state).toBe('ended');
    expect(refused.calls).toHaveLength(1);
    const again = acceptingOnly('none');
    const retried = new VisitorSession({ access: 'not-a-token', refresh: 'r' }, renewing('renewed').renew);
    await sendToStoreApi('a/user/', { session: retried, settings: { baseUrl: API, fetch: again.fetch } });
    expect(retried.state).toBe('ended');
    expect(again.calls).toHaveLength(2);
  });

  it('a renewal without an answer sends nothing more and ends nothing', async () => {
    const api = acceptingOnly(NEW.token);
    const session = new VisitorSession({ access: 'not-a-token', refresh: 'r' }, renewing('unavailable').renew);
    expect(await sendToStoreApi('a/user/', { session, settings: { baseUrl: API, fetch: api.fetch } })).toEqual({
      kind: 'unreachable',
    });
    expect(session.state).toBe('unavailable');
    expect(api.calls).toHaveLength(1);
  });

  it('a call without a token is sent as it is, and its 401 passed on', async () => {
    const api = acceptingOnly(NEW.token);
    const renewal = renewing('renewed');
    const session = new VisitorSession({}, renewal.renew);
    expect(await sendToStoreApi('a/user/', { session, settings: { baseUrl: API, fetch: api.fetch } })).toMatchObject({
      kind: 'answered',
      status: 401,
    });
    expect(api.calls[0]?.headers.has('authorization')).toBe(false);
    expect(renewal.asked).toEqual([]);
    expect(session.state).toBe('unchanged');
  });
});
