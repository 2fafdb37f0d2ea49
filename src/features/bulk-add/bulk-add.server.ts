import { runBounded } from '~/lib/run-bounded';
import { z } from 'zod';
import { json, loggedOut, visitorSessionFor, type ProxyDeps } from '~/lib/server/proxy/handler';
import { BodyTooLargeError, readLimitedBody } from '~/lib/server/proxy/body';
import { RATE_LIMIT_HEADER, upstreamRequestHeaders } from '~/lib/server/proxy/headers';
import { isForeignUnsafeRequest } from '~/lib/server/proxy/origin';
import type { CookieOp } from '~/lib/session/cookie-options';
import { sessionCookieChanges, type VisitorSession } from '~/lib/session/renewal';
import * as ENDPOINTS from '~/lib/store-api/endpoints';
import { pathOf } from '~/lib/store-api/endpoint';
import { sendToStoreApi } from '~/lib/store-api/server';
import { runWithoutDeadline } from '~/lib/server/observability/request-context';
import type { CardProduct } from '~/lib/store-api/part-lookup';
import type { StoreId } from '~/stores';
import {
  inOrder,
  isPart,
  LOOKUP_CONCURRENCY,
  MAX_LOOKUP_PARTS,
  MAX_PART_LENGTH,
  spendParts,
  type LookupLine,
  type PartBudget,
} from './bulk-add';

/** The batch lookup of bulk add: the site asks the store API for each part and streams the answers back in order. */

/** A full batch of the longest part numbers, with room for the JSON around them. */
export const MAX_LOOKUP_BODY_BYTES = 32 * 1024;
export const LOOKUP_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';
/** How long a ready line may wait for others to share its write: under a frame. */
const LINE_FLUSH_MS = 10;

export const lookupRequestSchema = z.strictObject({
  mfg: z.number().int().positive().max(2_147_483_647),
  parts: z.array(z.string().max(MAX_PART_LENGTH).refine(isPart)).min(1).max(MAX_LOOKUP_PARTS),
});

/** The line of one store-API answer: its first product (as the island always took), none, or failed. */
export function lookupLineOf(status: number, body: unknown): LookupLine<CardProduct> {
  return (status === 200 ? ENDPOINTS.partLookup.decode(body) : undefined) ?? { failed: true };
}

export interface LookupDeps extends Pick<
  ProxyDeps,
  'baseUrl' | 'timeoutMs' | 'fetch' | 'production' | 'siteOrigins' | 'secureCookies' | 'messages'
> {
  /** The store this site serves: never taken from the browser. */
  storeId: StoreId;
  concurrency?: number;
  /** The clock the visitor's budget refills by (tests hold it still). */
  now?: () => number;
}

export interface LookupInput {
  request: Request;
  accessToken: string | undefined;
  refreshToken: string | undefined;
  clientAddress?: string | undefined;
}

export interface LookupOutput {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | Uint8Array | string | null;
  cookies: CookieOp[];
}

type Answered = { status: number; line: LookupLine<CardProduct> };

/** Budgets of this instance per visitor address; the oldest go first past this many. */
const MAX_BUDGETS = 10_000;
const budgets = new Map<string, PartBudget>();

/** Forgets every budget (tests). */
export function forgetBudgets(): void {
  budgets.clear();
}

/** Spends a batch of the visitor's budget: null when it fits, else the seconds to wait. */
function overBudget(address: string, count: number, now: number): number | null {
  const spent = spendParts(budgets.get(address), count, now);
  if (!spent.ok) return spent.retryAfter;
  budgets.delete(address);
  budgets.set(address, spent.budget);
  if (budgets.size > MAX_BUDGETS) budgets.delete(budgets.keys().next().value as string);
  return null;
}

async function readRequest(
  deps: LookupDeps,
  request: Request,
): Promise<z.infer<typeof lookupRequestSchema> | LookupOutput> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  // JSON only: a form of another site cannot send it without asking first.
  if (type !== 'application/json') return json(415, { message: deps.messages.unreadable });
  let raw: Uint8Array | null;
  try {
    raw = await readLimitedBody(request, MAX_LOOKUP_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json(413, { message: deps.messages.tooLarge });
    return json(400, { message: deps.messages.unreadable });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw ?? new Uint8Array()));
  } catch {
    return json(400, { message: deps.messages.unreadable });
  }
  const checked = lookupRequestSchema.safeParse(parsed);
  return checked.success ? checked.data : json(400, { message: deps.messages.unreadable });
}

/**
 * POST {mfg, parts}: one store-API lookup per part with LOOKUP_CONCURRENCY in flight, answered
 * as NDJSON, one line per part in the order asked, each sent as soon as it and all before it are
 * known. Same origin only, and with the visitor's session as the proxy sends it: the first lookup
 * settles the token (an expired one is exchanged, a session that is over answers 401 before
 * anything streams), the rest use it.
 */
export async function handleBulkLookup(deps: LookupDeps, input: LookupInput): Promise<LookupOutput> {
  const method = input.request.method.toUpperCase();
  if (isForeignUnsafeRequest(method, input.request.headers, deps.siteOrigins))
    return json(403, { message: 'forbidden' });
  if (method !== 'POST') {
    const refused = json(405, { message: 'method not allowed' });
    refused.headers.set('allow', 'POST');
    return refused;
  }
  const asked = await readRequest(deps, input.request);
  if ('status' in asked) return asked;
  // The end-to-end switch of the proxy's limits, outside production only.
  const unlimited = !deps.production && input.request.headers.get(RATE_LIMIT_HEADER) === '1';
  const wait = unlimited ? null : overBudget(input.clientAddress ?? '', asked.parts.length, (deps.now ?? Date.now)());
  if (wait !== null) {
    const limited = json(429, { message: 'rate limit exceeded' });
    limited.headers.set('retry-after', String(wait));
    return limited;
  }

  const query = { store_id: deps.storeId };
  const lookUp = async (sku: string, auth: { session: VisitorSession } | { token: string | undefined }) => {
    const headers = upstreamRequestHeaders(input.request.headers, {
      allowRateLimitHeader: !deps.production,
      clientAddress: input.clientAddress,
    });
    headers.delete('content-type');
    const answer = await sendToStoreApi(pathOf(ENDPOINTS.partLookup, { mfgAccountId: asked.mfg, sku }), {
      method: ENDPOINTS.partLookup.method,
      query,
      headers,
      settings: deps,
      ...auth,
    });
    // No answer for this part: its card offers Try again, the others go on.
    if (answer.kind !== 'answered') return { status: 0, line: { failed: true } } satisfies Answered;
    return { status: answer.status, line: lookupLineOf(answer.status, answer.json()) } satisfies Answered;
  };

  const [firstPart, ...rest] = asked.parts as [string, ...string[]];
  const session = visitorSessionFor(deps, input);
  const first = await lookUp(firstPart, { session });
  if (session.state === 'ended') return loggedOut(deps);
  const token = session.accessToken;
  const cookies = sessionCookieChanges(session, deps.secureCookies);

  const encoder = new TextEncoder();
  const stopped = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Lines that become ready within a few milliseconds go out as one write: a socket write (and
      // a compressor flush) per line cost more than the lookups themselves, and the browser shows
      // them a frame at a time anyway.
      let pending = '';
      const flush = () => {
        if (pending !== '' && !stopped.signal.aborted) controller.enqueue(encoder.encode(pending));
        pending = '';
      };
      const send = (line: LookupLine<CardProduct>) => {
        if (pending === '') setTimeout(flush, LINE_FLUSH_MS);
        pending += `${JSON.stringify(line)}\n`;
      };
      send(first.line);
      const emit = inOrder<Answered>((answered) => send(answered.line));
      // The answer has begun with the first part: each further part gets its own wait, not what
      // is left of the request's deadline, and a part that fails offers its own Try again.
      await runBounded(
        rest,
        deps.concurrency ?? LOOKUP_CONCURRENCY,
        (sku) => runWithoutDeadline(() => lookUp(sku, { token })),
        (answered, index) => emit(answered, index),
        stopped.signal,
      );
      flush();
      if (!stopped.signal.aborted) controller.close();
    },
    cancel() {
      // The browser went away or started another search: no more lookups are started for it.
      stopped.abort();
    },
  });
  input.request.signal.addEventListener('abort', () => stopped.abort(), { once: true });
  const headers = new Headers({
    'content-type': LOOKUP_CONTENT_TYPE,
    'cache-control': 'no-store',
    // Each line goes to the browser as it is written, not when a reverse proxy's buffer fills.
    'x-accel-buffering': 'no',
  });
  return { status: 200, headers, body, cookies };
}
