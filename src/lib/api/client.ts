import { browser } from '~/lib/browser';
import { isLocale, localizedPath, DEFAULT_LOCALE, type Locale } from '~/lib/i18n/locales';
import { returnTarget } from '~/lib/http/safe-path';
import { pathOf, type Decoder, type Endpoint, type HttpMethod, type PathParams } from '~/lib/store-api/endpoint';
import { failed, success, type Result } from '~/lib/store-api/result';
import { errorText } from './errors';
import './header-busy';
import { sendNotice } from './notify';
import { setRequestState } from './requests.store';

/** Sent in the App header of every call: client name and release. */
export const CLIENT_NAME = 'parts-store-front';
export const CLIENT_VERSION = '15.1.0';
export const API_PREFIX = '/api/';

export const REQUEST_TIMEOUT_MS = 30000;

/** A page's account menu, drawn for a signed-in customer, and what takes its place once the session is gone. */
const SIGNED_IN_CONTROL = '[data-signed-in-control]';
const SIGNED_OUT_CONTROL = 'template[data-signed-out-control]';
/** The proxy marks an answer to a call made without a customer's token with this header. */
const SIGNED_OUT_HEADER = 'x-signed-out';

/** The proxy marks an answer to a call that ended the session (refresh failed) with this header. */
export const LOGGED_OUT_HEADER = 'x-logged-out';
const CANCELLED = 'cancelled';

export type QueryValue = string | number | boolean | null | undefined;

/** One call, as the spec's call info describes it. */
export interface CallInfo {
  /** Names the call for state tracking and deduplication, e.g. "basketGet". */
  flag: string;
  /** Path relative to the store API root, e.g. "a/basket/123"; sent to the same-origin proxy. */
  url: string;
  method?: HttpMethod;
  /** JSON body. */
  data?: unknown;
  headers?: Readonly<Record<string, string>>;
  params?: Readonly<Record<string, QueryValue>>;
  /** Keep earlier in-flight calls with the same flag instead of cancelling them. */
  allowMultiple?: boolean;
  noCache?: boolean;
  /** Overrides the generated id (flag + 8 random hex). */
  requestId?: string;
  timeout?: number;
}

interface PipelineMessages {
  cantConnect: string;
  loggedOut: string;
}

type LoggedOutListener = () => void;

/** Texts an island gives the pipeline in place of the header's (its own "can't connect"). */
let ownMessages: Partial<PipelineMessages> = {};

const loggedOutListeners = new Set<LoggedOutListener>();
const inFlight = new Map<string, Map<string, AbortController>>();
let loggingOut = false;

/** An island's own texts for the pipeline's notices, in place of the header's. */
export function setPipelineMessages(messages: Partial<PipelineMessages>): void {
  ownMessages = { ...ownMessages, ...messages };
}

/** Stores clear their state here when the proxy reports that the session has ended. */
export function onLoggedOut(listener: LoggedOutListener): () => void {
  loggedOutListeners.add(listener);
  return () => loggedOutListeners.delete(listener);
}

function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

/** flag + 8 random hex characters. */
export function createRequestId(flag: string, length = 8): string {
  return `${flag}-${randomHex(length)}`;
}

export function clientTimestamp(now: number = Date.now()): string {
  return String(Math.floor(now / 1000));
}

/** The headers every call carries, per the spec's pipeline. */
export function pipelineHeaders(info: CallInfo, requestId: string, now: number = Date.now()): Record<string, string> {
  const headers: Record<string, string> = {
    ...info.headers,
    'client-timestamp': clientTimestamp(now),
    'X-Request-Id': requestId,
  };
  headers['App'] = `${CLIENT_NAME} ${CLIENT_VERSION}`;
  if (info.noCache) headers['Cache-Control'] = 'no-cache';
  return headers;
}

function pageLocale(): Locale {
  const lang = browser().document()?.documentElement.lang.slice(0, 2);
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Texts the header renders into a data attribute so the pipeline speaks the page's language. */
function messageText(key: keyof PipelineMessages): string {
  const configured = ownMessages[key];
  if (configured) return configured;
  const raw = browser().document()?.querySelector('[data-pipeline-messages]')?.getAttribute('data-pipeline-messages');
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<PipelineMessages>;
      if (typeof parsed[key] === 'string') return parsed[key];
    } catch {
      // An unreadable attribute leaves the key itself, which is still better than nothing.
    }
  }
  return key;
}

/**
 * The header's place for "You were logged out", rendered only on public pages: there a forced
 * logout keeps the shopper where they are (shopping §6, public pages are always allowed).
 */
const LOGGED_OUT_NOTICE = '[data-logged-out-notice]';

/**
 * The session ended (its refresh failed): stores clear their session state. On a public page the
 * header says so and the shopper stays, basket and all; elsewhere the visitor logs in again and
 * comes back here.
 */
export function handleLoggedOut(): void {
  if (loggingOut) return;
  loggingOut = true;
  for (const listener of loggedOutListeners) listener();
  // A fresh page load resets this; in tests the next logout must be able to run again.
  setTimeout(() => {
    loggingOut = false;
  }, 1000);
  const page = browser().document();
  const notice = page?.querySelector<HTMLElement>(LOGGED_OUT_NOTICE);
  if (page && notice) {
    notice.textContent = messageText('loggedOut');
    notice.hidden = false;
    drawSignedOut(page);
    return;
  }
  sendNotice({ text: messageText('loggedOut'), type: 'error', id: 'loggedOut' });
  // The shopper comes back to this page after logging in again (a forced logout keeps the place).
  const query = new URLSearchParams({ logOut: 'true' });
  const { pathname, search } = browser().location();
  const here = returnTarget(`${pathname}${search}`, '');
  if (here) query.set('redirect', here);
  browser().assign(`${localizedPath('/login/', pageLocale())}?${query.toString()}`);
}

/**
 * Whether an answer says the session the page was drawn with is gone: the call ended it (a 401, or
 * a basket call the proxy sent again signed out, the edit kept), or a page drawn for a customer
 * got the answer to a call that carried no token (the cookies were deleted).
 */
function sessionGone(response: Response): boolean {
  if (response.headers.get(LOGGED_OUT_HEADER) === '1') return true;
  return (
    response.headers.get(SIGNED_OUT_HEADER) === '1' && Boolean(browser().document()?.querySelector(SIGNED_IN_CONTROL))
  );
}

/** The header as a signed-out visitor's: Log in in the account menu's place. */
function drawSignedOut(page: Document): void {
  const menu = page.querySelector(SIGNED_IN_CONTROL);
  const login = page.querySelector<HTMLTemplateElement>(SIGNED_OUT_CONTROL);
  if (menu && login) menu.replaceWith(login.content.cloneNode(true));
  else menu?.remove();
}

/** Resolved against this page's origin: the proxy is always same-origin. */
function requestUrl(info: CallInfo): string {
  const path = `${API_PREFIX}${withTrailingSlash(info.url).replace(/^\/+/, '')}`;
  const { origin } = browser().location();
  const url = new URL(path, origin ? `${origin}/` : undefined);
  for (const [key, value] of Object.entries(searchParams(info.params) ?? {})) url.searchParams.append(key, value);
  return url.href;
}

/**
 * Sends the call with plain fetch (a fetch library would weigh more than every island's own code).
 * A timeout aborts the fetch without aborting the caller's signal, so it reads as a failed
 * connection, not as a cancelled call.
 */
async function send(info: CallInfo, requestId: string, signal: AbortSignal): Promise<Response> {
  const headers = new Headers(pipelineHeaders(info, requestId));
  if (info.data !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const timer = new AbortController();
  const forward = () => timer.abort(signal.reason);
  signal.addEventListener('abort', forward);
  const request = new Request(requestUrl(info), {
    method: info.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    signal: timer.signal,
    ...(info.data === undefined ? {} : { body: JSON.stringify(info.data) }),
  });
  let timeoutId: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<Response>((resolve, reject) => {
      timeoutId = setTimeout(() => {
        timer.abort();
        reject(new Error('timeout'));
      }, info.timeout ?? REQUEST_TIMEOUT_MS);
      browser().fetch(request).then(resolve, reject);
    });
  } catch (error) {
    signal.removeEventListener('abort', forward);
    throw error;
  } finally {
    // The caller's cancel still reaches an answer whose body is being read (a streamed lookup).
    clearTimeout(timeoutId);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function track(flag: string, requestId: string, controller: AbortController, allowMultiple: boolean): void {
  let calls = inFlight.get(flag);
  if (!calls) {
    calls = new Map();
    inFlight.set(flag, calls);
  }
  if (!allowMultiple) {
    for (const earlier of calls.values()) earlier.abort(CANCELLED);
    calls.clear();
  }
  calls.set(requestId, controller);
}

/** Removes a finished call; answers whether it was the last one in flight under its flag. */
function untrack(flag: string, requestId: string): boolean {
  const calls = inFlight.get(flag);
  if (!calls) return true;
  calls.delete(requestId);
  if (calls.size > 0) return false;
  inFlight.delete(flag);
  return true;
}

/** Cancels every in-flight call under a flag; each resolves to a cancelled result. */
export function cancelRequests(flag: string): void {
  const calls = inFlight.get(flag);
  if (!calls) return;
  for (const controller of calls.values()) controller.abort(CANCELLED);
}

/** Astro answers a URL without its trailing slash with a redirect, which would turn a POST into a GET. */
export function withTrailingSlash(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const slashed = path.endsWith('/') ? path : `${path}/`;
  return query === undefined ? slashed : `${slashed}?${query}`;
}

function searchParams(params: CallInfo['params']): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(([, value]) => value !== undefined && value !== null);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/**
 * Sends one call through the pipeline and never throws: a cancelled call is a `cancelled` failure
 * (and no notice), a connection failure `offline` (with a notice), an error status or an answer
 * `decode` cannot read an `http` failure. `read` takes a successful answer's body instead of
 * reading it as JSON (a streamed answer); an answer cut off while it reads is a connection failure.
 */
export async function request<T>(
  info: CallInfo,
  decode: Decoder<T>,
  read?: (response: Response) => Promise<unknown>,
): Promise<Result<T>> {
  const { flag } = info;
  const requestId = info.requestId ?? createRequestId(flag);
  const controller = new AbortController();
  track(flag, requestId, controller, info.allowMultiple === true);
  setRequestState(flag, 'inProcess');

  const finish = (result: Result<T>, state: 'success' | 'error' | 'cancelled'): Result<T> => {
    // With several calls under one flag, the flag stays in process until the last one ends.
    if (untrack(flag, requestId)) setRequestState(flag, state);
    return result;
  };

  try {
    const response = await send(info, requestId, controller.signal);
    if (sessionGone(response)) handleLoggedOut();
    const { status } = response;
    const ok = status < 300 && response.ok;
    const body = ok && read ? await read(response) : await readBody(response);
    if (!ok) return finish(failed({ kind: 'http', status, message: errorText(body), body }), 'error');
    const value = decode(body);
    if (value === undefined) return finish(failed({ kind: 'http', status, message: '', body }), 'error');
    return finish(success(value), 'success');
  } catch {
    if (controller.signal.aborted) return finish(failed({ kind: 'cancelled' }), 'cancelled');
    const message = messageText('cantConnect');
    sendNotice({ text: message, type: 'error', id: 'cantConnect' });
    return finish(failed({ kind: 'offline', message }), 'error');
  }
}

/** One call of the store-API table from an island. */
export interface BrowserCall {
  params?: PathParams;
  query?: Readonly<Record<string, QueryValue>>;
  data?: unknown;
  /** Overrides the entry's flag: a flag per product, or one flag a screen shares between its loads. */
  flag?: string;
  allowMultiple?: boolean;
  noCache?: boolean;
  timeout?: number;
  headers?: Readonly<Record<string, string>>;
  /** Takes a successful answer's body instead of reading it as JSON (a streamed answer). */
  read?: (response: Response) => Promise<unknown>;
}

/**
 * The browser's one sender to the store API: one call of the table through the same-origin proxy
 * and the pipeline above, its answer read by the entry's decoder.
 */
export function call<T>(entry: Endpoint<T>, options: BrowserCall = {}): Promise<Result<T>> {
  return request(
    {
      flag: options.flag ?? entry.flag,
      url: pathOf(entry, options.params),
      method: entry.method,
      ...(options.data === undefined ? {} : { data: options.data }),
      ...(options.query ? { params: options.query } : {}),
      ...(options.allowMultiple ? { allowMultiple: true } : {}),
      ...(options.noCache ? { noCache: true } : {}),
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.headers ? { headers: options.headers } : {}),
    },
    entry.decode,
    options.read,
  );
}
