// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_VERSION,
  createRequestId,
  cancelRequests,
  onLoggedOut,
  pipelineHeaders,
  request,
  setPipelineMessages,
  withTrailingSlash,
  type CallInfo,
} from '~/lib/api/client';
import { replaceBrowser, restoreBrowser } from '~/lib/browser';
import type { Decoder } from '~/lib/store-api/endpoint';
import { failureStatus, isCancelledFailure, type Result } from '~/lib/store-api/result';
import { setNoticeSink, type PipelineNotice } from '~/lib/api/notify';
import { $anyRequestInProcess, $requests, resetRequests } from '~/lib/api/requests.store';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

let sent: Sent[];
let notices: PipelineNotice[];
let navigations: string[];

/** A fake network: answers come from the handler; the signal aborts like a real fetch. */
function network(handler: (call: Sent) => Response | Promise<Response>) {
  replaceBrowser({
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const call: Sent = {
        url: req.url,
        method: req.method,
        headers: req.headers,
        body: req.body ? await req.text() : '',
      };
      sent.push(call);
      const signal = req.signal;
      return new Promise<Response>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        signal.addEventListener('abort', () => reject(signal.reason as Error));
        Promise.resolve(handler(call)).then(resolve, reject);
      });
    },
  });
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A call whose answer is taken as it came (the decoders have their own tests). */
/** The answer as it came, so each test sees what the pipeline read. */
const asIs: Decoder<unknown> = (body) => body;
const send = (info: CallInfo) => request(info, asIs);
const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
const statusOf = (result: Result<unknown>) => (result.ok ? 200 : failureStatus(result.failure));

const later = <T>(ms: number, value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), ms));

beforeEach(() => {
  sent = [];
  notices = [];
  navigations = [];
  resetRequests();
  setNoticeSink((notice) => notices.push(notice));
  replaceBrowser({ assign: (path) => navigations.push(path) });
  setPipelineMessages({ cantConnect: "Can't connect to server. Please, try again", loggedOut: 'You were logged out!' });
});

afterEach(() => {
  vi.useRealTimers();
  restoreBrowser();
});

describe('request ids', () => {
  it('are the flag followed by 8 random hex characters', () => {
    const first = createRequestId('basketGet');
    const second = createRequestId('basketGet');
    expect(first).toMatch(/^basketGet-[0-9a-f]{8}$/);
    expect(first).not.toBe(second);
  });
});

describe('headers', () => {
  it('carry App with the client version and client-timestamp in seconds', () => {
    const headers = pipelineHeaders({ flag: 'x', url: 'a' }, 'x-00000000', 1_700_000_123_456);
    expect(headers['App']).toBe(`parts-store-front ${CLIENT_VERSION}`);
    expect(CLIENT_VERSION).toBe('15.1.0');
    expect(headers['client-timestamp']).toBe('1700000123');
    expect(headers['Cache-Control']).toBeUndefined();
  });

  it('add Cache-Control no-cache only with noCache', () => {
    const headers = pipelineHeaders({ flag: 'x', url: 'a', noCache: true }, 'id');
    expect(headers['Cache-Control']).toBe('no-cache');
  });

  it('are sent on the wire to the same-origin proxy with query and JSON body', async () => {
    network(() => json({ ok: true }));
    await send({
      flag: 'itemAdd',
      url: 'a/item/15/2',
      method: 'POST',
      params: { basketNum: 'B1', store_id: 'marine', empty: undefined },
      data: { a: 1 },
      noCache: true,
    });
    const call = sent[0]!;
    const url = new URL(call.url);
    expect(url.pathname).toBe('/api/a/item/15/2/');
    expect(url.searchParams.get('basketNum')).toBe('B1');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(call.method).toBe('POST');
    expect(JSON.parse(call.body)).toEqual({ a: 1 });
    expect(call.headers.get('app')).toBe('parts-store-front 15.1.0');
    expect(call.headers.get('client-timestamp')).toMatch(/^\d{10}$/);
    expect(call.headers.get('cache-control')).toBe('no-cache');
    expect(call.headers.get('x-request-id')).toMatch(/^itemAdd-[0-9a-f]{8}$/);
  });
});

describe('urls', () => {
  it('end in a slash before the query, as every route of this site does', () => {
    expect(withTrailingSlash('a/basket/1')).toBe('a/basket/1/');
    expect(withTrailingSlash('a/user/')).toBe('a/user/');
    expect(withTrailingSlash('v2/orders/history?from=1&to=2')).toBe('v2/orders/history/?from=1&to=2');
  });
});

describe('results', () => {
  it('an error status is an http failure with the answer and its text; under 300 is decoded', async () => {
    network(() => json({ message: 'nope' }, 422));
    const result = await send({ flag: 'emailChange', url: 'a/user/email', method: 'PATCH', data: {} });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'http', status: 422, message: 'nope', body: { message: 'nope' } },
    });
    network(() => json({ ORDER: {} }, 200));
    const good = await send({ flag: 'basketGet', url: 'a/basket/1' });
    expect(good).toEqual({ ok: true, value: { ORDER: {} } });
  });

  it('an answer the decoder cannot read is an http failure of its status, without text', async () => {
    network(() => json({ n: 'x' }, 200));
    const result = await request({ flag: 'count', url: 'x' }, count);
    expect(result).toEqual({ ok: false, failure: { kind: 'http', status: 200, message: '', body: { n: 'x' } } });
    network(() => json(5, 200));
    expect(await request({ flag: 'count', url: 'x' }, count)).toEqual({ ok: true, value: 5 });
  });

  it('a plain-text answer is kept as text and an empty one as null', async () => {
    network(() => new Response('thank you', { status: 200 }));
    expect(await send({ flag: 't', url: 'x' })).toEqual({ ok: true, value: 'thank you' });
    network(() => new Response(null, { status: 204 }));
    expect(await send({ flag: 't', url: 'x' })).toEqual({ ok: true, value: null });
  });
});

describe('streamed answers', () => {
  it('a reader takes a successful body as it streams; a refused answer is read as JSON without it', async () => {
    const read = vi.fn(async (response: Response) => (await response.text()).split('\n').filter(Boolean).length);
    network(() => new Response('{"a":1}\n{"b":2}\n', { status: 200 }));
    const good = await request({ flag: 'lookup', url: 'bulk-lookup', method: 'POST', data: {} }, count, read);
    expect(good).toEqual({ ok: true, value: 2 });
    expect($requests.get()['lookup']).toBe('success');
    network(() => json({ message: 'too large' }, 413));
    const refused = await request({ flag: 'lookup', url: 'bulk-lookup', method: 'POST', data: {} }, count, read);
    expect(refused).toMatchObject({
      ok: false,
      failure: { kind: 'http', status: 413, body: { message: 'too large' } },
    });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('an answer cut off while it is read is a connection failure', async () => {
    network(() => new Response('{"a":1}\n', { status: 200 }));
    const result = await request({ flag: 'lookup', url: 'bulk-lookup', method: 'POST' }, count, () =>
      Promise.reject(new TypeError('network error')),
    );
    expect(result).toMatchObject({ ok: false, failure: { kind: 'offline' } });
    expect($requests.get()['lookup']).toBe('error');
  });
  it('a cancel reaches an answer whose body is still streaming', async () => {
    let seen: AbortSignal | undefined;
    replaceBrowser({
      fetch: (input, init) => {
        seen = (input instanceof Request ? input : new Request(input, init)).signal;
        return Promise.resolve(new Response(new ReadableStream({ start: () => undefined }), { status: 200 }));
      },
    });
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    const pending = request({ flag: 'lookup', url: 'bulk-lookup', method: 'POST' }, count, async () => {
      reading();
      await new Promise((_resolve, reject) => seen?.addEventListener('abort', () => reject(new Error('aborted'))));
      return 0;
    });
    await started;
    cancelRequests('lookup');
    expect(seen?.aborted).toBe(true);
    expect(await pending).toEqual({ ok: false, failure: { kind: 'cancelled' } });
  });
});

describe('request state', () => {
  it('goes inProcess then success', async () => {
    let release!: () => void;
    network(() => new Promise<Response>((resolve) => (release = () => resolve(json({})))));
    const pending = send({ flag: 'basketGet', url: 'a/basket/1' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect($requests.get()['basketGet']).toBe('inProcess');
    expect($anyRequestInProcess.get()).toBe(true);
    release();
    await pending;
    expect($requests.get()['basketGet']).toBe('success');
    expect($anyRequestInProcess.get()).toBe(false);
  });

  it('goes to error with the answer error text', async () => {
    network(() => json({ MESSAGE: 'broken' }, 500));
    await send({ flag: 'basketGet', url: 'a/basket/1' });
    expect($requests.get()['basketGet']).toBe('error');
  });

  it('goes to cancelled when cancelled, with a cancelled failure and no notice', async () => {
    network(() => new Promise<Response>(() => undefined));
    const pending = send({ flag: 'suggest', url: 'v2/suggest/products' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    cancelRequests('suggest');
    const result = await pending;
    expect(result).toEqual({ ok: false, failure: { kind: 'cancelled' } });
    expect($requests.get()['suggest']).toBe('cancelled');
    expect(notices).toEqual([]);
  });
});

describe('duplicates', () => {
  it('an earlier in-flight call with the same flag is cancelled; the newest wins the state', async () => {
    let count = 0;
    network(() => {
      count += 1;
      return count === 1 ? new Promise<Response>(() => undefined) : later(10, () => json({ n: 2 }));
    });
    const first = send({ flag: 'basketGet', url: 'a/basket/1' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const second = send({ flag: 'basketGet', url: 'a/basket/1' });
    const [a, b] = await Promise.all([first, second]);
    expect(isCancelledFailure(a)).toBe(true);
    expect(b).toEqual({ ok: true, value: { n: 2 } });
    expect($requests.get()['basketGet']).toBe('success');
    expect(notices).toEqual([]);
  });

  it('different flags never cancel each other', async () => {
    network(() => later(5, () => json({})));
    const [a, b] = await Promise.all([send({ flag: 'one', url: 'x' }), send({ flag: 'two', url: 'x' })]);
    expect(a.ok && b.ok).toBe(true);
  });

  it('allowMultiple keeps both calls and the flag in process until the last ends', async () => {
    const releases: Array<() => void> = [];
    network(() => new Promise<Response>((resolve) => releases.push(() => resolve(json({ n: releases.length })))));
    const first = send({ flag: 'bulkItem', url: 'x', allowMultiple: true });
    const second = send({ flag: 'bulkItem', url: 'x', allowMultiple: true });
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!();
    await second;
    expect($requests.get()['bulkItem']).toBe('inProcess');
    releases[0]!();
    const a = await first;
    expect(a.ok).toBe(true);
    expect($requests.get()['bulkItem']).toBe('success');
  });
});

describe('connection failures', () => {
  it('show "Can\'t connect to server. Please, try again" and come back offline with that text', async () => {
    replaceBrowser({ fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const result = await send({ flag: 'basketGet', url: 'a/basket/1' });
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'offline', message: "Can't connect to server. Please, try again" },
    });
    expect(notices).toEqual([
      expect.objectContaining({ text: "Can't connect to server. Please, try again", type: 'error' }),
    ]);
    expect($requests.get()['basketGet']).toBe('error');
  });
});

describe('a session that ended', () => {
  it('a 401 marked logged-out shows "You were logged out!" and goes to the login page', async () => {
    const cleared = vi.fn();
    const stop = onLoggedOut(cleared);
    globalThis.history.replaceState(null, '', '/order-info/?order_no=12&logOut=true');
    network(() => json({ message: 'logged out', loggedOut: true }, 401, { 'x-logged-out': '1' }));
    const result = await send({ flag: 'userGet', url: 'a/user/' });
    globalThis.history.replaceState(null, '', '/');
    stop();
    expect(statusOf(result)).toBe(401);
    expect(cleared).toHaveBeenCalledOnce();
    expect(notices).toEqual([expect.objectContaining({ text: 'You were logged out!', type: 'error' })]);
    // The page the shopper was on (without the old notice flag) is the return target.
    expect(navigations).toEqual(['/login/?logOut=true&redirect=%2Forder-info%2F%3Forder_no%3D12']);
  });

  it('on a public page a 401 marked logged-out says so in the header, clears the session state and goes nowhere', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const cleared = vi.fn();
    const stop = onLoggedOut(cleared);
    document.body.innerHTML = '<header><p role="status" data-logged-out-notice hidden></p></header>';
    network(() => json({ message: 'logged out', loggedOut: true }, 401, { 'x-logged-out': '1' }));
    const result = await send({ flag: 'basketGet', url: 'a/basket/B1' });
    const notice = document.querySelector<HTMLElement>('[data-logged-out-notice]');
    expect({ hidden: notice?.hidden, text: notice?.textContent }).toEqual({
      hidden: false,
      text: 'You were logged out!',
    });
    document.body.innerHTML = '';
    stop();
    expect(statusOf(result)).toBe(401);
    expect(cleared).toHaveBeenCalledOnce();
    expect(navigations).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('on a public page drawn for a customer, a kept edit or a call without a token says once that the session ended and draws Log in', async () => {
    for (const headers of [{ 'x-logged-out': '1', 'x-signed-out': '1' }, { 'x-signed-out': '1' }]) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const cleared = vi.fn();
      const stop = onLoggedOut(cleared);
      document.body.innerHTML = `<header><nav>
        <div data-signed-in-control><button>Casey</button></div>
        <template data-signed-out-control><a href="/login/">Log in</a></template>
      </nav><p role="status" data-logged-out-notice hidden></p></header>`;
      network(() => json({ ORDER: { itemCount: 3 } }, 200, headers));
      const result = await send({ flag: 'basketItemUpdate', url: 'a/item/2043/3', method: 'PATCH' });
      await send({ flag: 'basketGet', url: 'a/basket/B1' });
      expect(result.ok).toBe(true);
      expect(cleared).toHaveBeenCalledOnce();
      expect(document.querySelector<HTMLElement>('[data-logged-out-notice]')?.hidden).toBe(false);
      expect(document.querySelector('nav')?.textContent?.trim()).toBe('Log in');
      expect(navigations).toEqual([]);
      expect(notices).toEqual([]);
      document.body.innerHTML = '';
      stop();
    }
  });

  it('an answer to a call without a token ends nothing on a page drawn for nobody signed in', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const cleared = vi.fn();
    const stop = onLoggedOut(cleared);
    network(() => json({ ORDER: {} }, 200, { 'x-signed-out': '1' }));
    await send({ flag: 'basketGet', url: 'a/basket/B1' });
    stop();
    expect(cleared).not.toHaveBeenCalled();
    expect(navigations).toEqual([]);
  });

  it('a plain 401 never logs out', async () => {
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(1100);
    vi.useRealTimers();
    network(() => json({ message: 'wrong credentials' }, 401));
    await send({ flag: 'userGet', url: 'a/user/' });
    expect(navigations).toEqual([]);
  });

  it('speaks the page language in the login path', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    document.documentElement.lang = 'fr-FR';
    network(() => json({ message: 'x' }, 401, { 'x-logged-out': '1' }));
    await send({ flag: 'userGet', url: 'a/user/' });
    document.documentElement.lang = '';
    expect(navigations).toEqual(['/fr/login/?logOut=true&redirect=%2F']);
  });
});
