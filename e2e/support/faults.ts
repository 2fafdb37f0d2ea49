import { expect, type BrowserContext, type Page } from '@playwright/test';
import { api } from './checkout';
import { E2E_UPSTREAM_TIMEOUT_MS } from './sites';

/** Shared steps of the fault journeys: the faults themselves and what the pages say about them. */

export interface FaultSpec {
  method: string;
  /** Regular expression on the API path. */
  path: string;
  /** Header name to a regular expression its value must match: keeps a shared path to this test. */
  headers?: Record<string, string>;
  /** Regular expression on the request body, for the same reason. */
  body?: string;
  status?: number;
  delay?: number;
  /** Close the connection instead of answering. */
  drop?: boolean;
  /** Carry the call out first, then hold back, replace or drop its answer. */
  after?: boolean;
  times?: number;
}

export async function fault(spec: FaultSpec): Promise<void> {
  const answer = await api('POST', '__test/faults', { times: 1, ...spec });
  expect(answer.status).toBe(200);
}

/** One call answered with a status, `times` times; the path must name this test's basket or token. */
export function injectFault(method: string, path: string, status = 500, times = 1): Promise<void> {
  return fault({ method, path, status, times });
}

/** Ends the faults of one path pattern, leaving other tests' faults in place. */
export async function clearFault(path: string): Promise<void> {
  const answer = await api('DELETE', `__test/faults?path=${encodeURIComponent(path)}`);
  expect(answer.status).toBe(200);
}

/** What the proxy (and a server-rendered page) answers when the store API is too slow. */
export const UPSTREAM_TIMEOUT_TEXT = 'The store did not answer in time. Please, try again';

/** What the proxy answers when the store API cannot be reached or drops the connection. */
export const CONNECTION_PROBLEM_TEXT = 'Error occurred with your Internet connection or our server. Please, try again';

export interface FaultKind {
  name: string;
  status: number;
  delay: number;
  /** Whether the shopper sees the call fail. */
  fails: boolean;
  /** The store's own text of the failure, shown where the spec shows the handler's message. */
  handlerText: string;
}

/**
 * The three ways a call goes wrong. The timeout answers 500 only after the proxy has given up,
 * so the late answer never changes anything behind the shopper's back.
 */
export const FAULT_KINDS: readonly FaultKind[] = [
  { name: 'a server error', status: 500, delay: 0, fails: true, handlerText: 'injected fault 500' },
  {
    name: 'a timeout',
    status: 500,
    delay: E2E_UPSTREAM_TIMEOUT_MS + 2000,
    fails: true,
    handlerText: UPSTREAM_TIMEOUT_TEXT,
  },
  { name: 'a slow answer', status: 0, delay: Math.round(E2E_UPSTREAM_TIMEOUT_MS / 3), fails: false, handlerText: '' },
];

export function faultOf(kind: FaultKind): Pick<FaultSpec, 'status' | 'delay'> {
  return { status: kind.status, delay: kind.delay };
}

/** The access token the proxy sends for this browser: the header a customer's calls carry. */
export async function accessToken(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((cookie) => cookie.name === 'ps_access')?.value ?? '';
  expect(token).not.toBe('');
  return token;
}

/** Matches exactly this customer's calls. */
export async function asThisCustomer(context: BrowserContext): Promise<Record<string, string>> {
  const token = await accessToken(context);
  return { authorization: `^Bearer ${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` };
}

export function quantityOf(page: Page, name: RegExp) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .getByRole('spinbutton');
}

/** Product id to quantity, as a comparable list. */
export function linesOf(basket: { BASKET: { product_id: number; quantity: number }[] }): [number, number][] {
  return basket.BASKET.map((line): [number, number] => [line.product_id, line.quantity]).sort((a, b) => a[0] - b[0]);
}
