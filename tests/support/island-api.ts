import { stringify } from 'devalue';
import { vi } from 'vitest';
import { replaceBrowser } from '~/lib/browser';
import { resetRequests } from '~/lib/api/requests.store';
import { dictionaries } from '~/lib/i18n/messages';

/**
 * The fake answers of island tests, in one place: what the browser's client gets from the
 * same-origin proxy, what an island's Astro Action answers, and the three ways a call goes wrong
 * as the proxy really answers them (src/lib/server/proxy/handler.ts).
 */

export interface SentCall {
  method: string;
  /** Path below /api/, e.g. "a/basket/B1/" (the client adds the trailing slash). */
  path: string;
  query: URLSearchParams;
  /** The JSON body, or undefined. */
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Handler = (call: SentCall) => Answer;
/** A fixed answer: a Response as it is, or a body answered as 200 JSON. */
type Fixed = Response | Record<string, unknown> | readonly unknown[];

interface Route {
  method: string;
  path: RegExp;
  answer: Handler;
  /** Answers this many calls, then steps aside; undefined answers every call. */
  times: number | undefined;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What a store API error comes to through the proxy: its status and its own text, passed on. */
export const SERVER_ERROR = { status: 500, body: { message: 'injected fault 500' } } as const;

/** The proxy's own answer when the store API does not answer in time (ProxyMessages.timeout). */
export const PROXY_TIMEOUT = {
  status: 504,
  body: { message: dictionaries.en['session.upstreamTimeout'] ?? 'session.upstreamTimeout', unanswered: true },
} as const;

export interface FaultKind {
  name: string;
  /** Whether the shopper sees the call fail; a slow answer arrives late, as it was. */
  fails: boolean;
  /** The proxy's answer for a failing kind. */
  answer?: { status: number; body: { message: string } };
  /** The text the answer carries to the page, where the page names the store's reason. */
  text: string;
}

export const SERVER_ERROR_KIND: FaultKind = {
  name: 'a server error',
  fails: true,
  answer: SERVER_ERROR,
  text: SERVER_ERROR.body.message,
};
export const TIMEOUT_KIND: FaultKind = {
  name: 'a timeout',
  fails: true,
  answer: PROXY_TIMEOUT,
  text: PROXY_TIMEOUT.body.message,
};
export const SLOW_KIND: FaultKind = { name: 'a slow answer', fails: false, text: '' };

/** The three ways a call goes wrong, as e2e/support/faults.ts injects them at the store API. */
export const FAULT_KINDS: readonly FaultKind[] = [SERVER_ERROR_KIND, TIMEOUT_KIND, SLOW_KIND];

/** The kinds but one, where an older test already holds that one's fact. */
export const kindsBut = (held: FaultKind): FaultKind[] => FAULT_KINDS.filter((kind) => kind !== held);

/** A slow answer's hold: the call waits until the test lets it through. */
export interface Hold {
  /** Resolves once the held call has been sent. */
  sent: Promise<void>;
  release: () => void;
}

export interface IslandApi {
  calls: SentCall[];
  /** Answers every later matching call (the newest route that matches wins). */
  on: (method: string, path: RegExp, answer: Handler | Fixed) => void;
  /** Answers the next matching call only, then the routes before it answer again. */
  once: (method: string, path: RegExp, answer: Handler | Fixed) => void;
  /**
   * The next matching call meets `kind`: a failing kind is answered as the proxy answers it; a
   * slow answer is held until released, then answered by the routes as they stand.
   */
  fault: (kind: FaultKind, method: string, path: RegExp) => Hold;
  /** The calls sent to a path, in order. */
  sent: (method: string, path: RegExp) => SentCall[];
}

/** A handler as given, a Response as it is (afresh for each call), anything else as a 200 JSON answer. */
function asHandler(answer: Handler | Fixed): Handler {
  if (typeof answer === 'function') return answer;
  if (answer instanceof Response) return () => answer.clone();
  return () => json(200, answer);
}

/**
 * Installs a fake store API behind the client: every call the islands make is recorded and
 * answered by the routes given; a call no route answers is the proxy's 404.
 */
export function fakeIslandApi(): IslandApi {
  resetRequests();
  const calls: SentCall[] = [];
  const routes: Route[] = [];

  const answerOf = (call: SentCall): Answer => {
    for (let at = routes.length - 1; at >= 0; at -= 1) {
      const route = routes[at]!;
      if (route.method !== call.method || !route.path.test(call.path)) continue;
      if (route.times !== undefined) {
        route.times -= 1;
        if (route.times === 0) routes.splice(at, 1);
      }
      return route.answer(call);
    }
    return json(404, { message: 'not found' });
  };

  replaceBrowser({
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const call: SentCall = {
        method: request.method,
        path: url.pathname.replace(/^\/api\//, ''),
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      return answerOf(call);
    },
  });

  const add = (method: string, path: RegExp, answer: Handler | Fixed, times: number | undefined) =>
    routes.push({ method, path, answer: asHandler(answer), times });

  return {
    calls,
    on: (method, path, answer) => add(method, path, answer, undefined),
    once: (method, path, answer) => add(method, path, answer, 1),
    fault(kind, method, path) {
      let release = () => {};
      let markSent = () => {};
      const sent = new Promise<void>((resolve) => (markSent = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      const failure = kind.answer;
      if (failure) {
        add(
          method,
          path,
          () => {
            markSent();
            return json(failure.status, failure.body);
          },
          1,
        );
        return { sent, release };
      }
      add(
        method,
        path,
        async (call: SentCall) => {
          markSent();
          await gate;
          return answerOf(call);
        },
        1,
      );
      return { sent, release };
    },
    sent: (method, path) => calls.filter((call) => call.method === method && path.test(call.path)),
  };
}

export interface PostedAction {
  path: string;
  form: Record<string, FormDataEntryValue>;
}

/**
 * Answers the Astro Actions an island posts (`/_actions/<name>/`) as Astro does, with the value
 * `answer` gives for each post; `delay` holds an answer back until released.
 */
export function fakeActions(answer: (post: PostedAction) => unknown) {
  const posts: PostedAction[] = [];
  let gate: Promise<void> | null = null;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const form = init?.body instanceof FormData ? Object.fromEntries(init.body) : {};
    const post = { path: new URL(input, window.location.origin).pathname, form };
    posts.push(post);
    if (gate) await gate;
    return new Response(stringify(answer(post)), { headers: { 'content-type': 'application/json+devalue' } });
  });
  return {
    posts,
    /** Holds every later answer until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}
