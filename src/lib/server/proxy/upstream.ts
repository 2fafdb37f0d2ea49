import { upstreamCallName } from '~/lib/server/observability/call-name';
import { currentRequestId } from '~/lib/server/observability/request-context';
import { observeUpstream } from '~/lib/server/observability/upstream';
import { UpstreamOpenError } from '~/lib/server/upstream-breaker';

export interface UpstreamCall {
  method: string;
  /** Path below the store API root, no leading slash. */
  path: string;
  /** Query string including "?" or empty. */
  search: string;
  headers: Headers;
  body: Uint8Array | null;
}

export interface UpstreamAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Uint8Array;
}

export interface UpstreamSettings {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

export class UpstreamTimeoutError extends Error {}
export class UpstreamUnreachableError extends Error {}

/** Sends one call to the store API; throws only the two errors above, or UpstreamOpenError when the breaker refused it. */
export async function callUpstream(settings: UpstreamSettings, call: UpstreamCall): Promise<UpstreamAnswer> {
  const root = settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`;
  const url = new URL(`${call.path}${call.search}`, root);
  const headers = new Headers(call.headers);
  if (call.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const requestId = currentRequestId();
  if (requestId && !headers.has('x-request-id')) headers.set('x-request-id', requestId);
  const name = upstreamCallName(call.method, call.path);
  const started = performance.now();
  try {
    const response = await settings.fetch(url, {
      method: call.method,
      headers,
      ...(call.body ? { body: call.body as Uint8Array<ArrayBuffer> } : {}),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'manual',
    });
    const body = new Uint8Array(await response.arrayBuffer());
    observeUpstream({ call: name, durationMs: performance.now() - started, status: response.status, failure: null });
    return { status: response.status, statusText: response.statusText, headers: response.headers, body };
  } catch (error) {
    // Refused by the breaker: nothing was sent, so nothing to count as a call.
    if (error instanceof UpstreamOpenError) throw error;
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    observeUpstream({
      call: name,
      durationMs: performance.now() - started,
      status: null,
      failure: timedOut ? 'timeout' : 'unreachable',
    });
    if (timedOut) {
      throw new UpstreamTimeoutError('store API timeout');
    }
    throw new UpstreamUnreachableError('store API unreachable');
  }
}

export function jsonOf(answer: UpstreamAnswer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(answer.body)) as unknown;
  } catch {
    return undefined;
  }
}
