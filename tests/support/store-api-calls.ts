/** One call the server sent to the store API, as a fake store API in a unit test sees it. */
export interface SentCall {
  method: string;
  /** Path and query below the API's origin. */
  path: string;
  headers: Headers;
  /** The JSON body, or null. */
  body: unknown;
  signal: AbortSignal;
}

/** Reads what the sender passed to fetch (a Request, as ky sends it, or a URL and init). */
export async function sentCall(input: RequestInfo | URL, init?: RequestInit): Promise<SentCall> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  return {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : null,
    signal: init?.signal ?? request.signal,
  };
}

/**
 * A fetch for the sender that records each call and answers it; the answer waits for the
 * sender's abort, so a slow answer meets the timeout as a real one would.
 */
export function fakeStoreApi(answer: (call: SentCall) => Response | Promise<Response>) {
  const calls: SentCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const call = await sentCall(input, init);
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      call.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(answer(call)).then(resolve, reject);
    });
  };
  return { calls, fetch };
}

export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
