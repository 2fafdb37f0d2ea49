import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { valid } from './validate.ts';

export interface Fault {
  method: string;
  /** The pattern as posted (RegExp.source escapes slashes, so it cannot be compared). */
  path: string;
  pattern: RegExp;
  /** Header name (lower case) to a pattern its value must match. */
  headers: ReadonlyMap<string, RegExp>;
  /** Pattern the request body must match, when given. */
  body: RegExp | null;
  status: number;
  delayMs: number;
  /** The call is carried out first; the delay and the status then replace or hold back its answer. */
  after: boolean;
  /** The connection is closed instead of answered. */
  drop: boolean;
  remaining: number;
}

async function matches(fault: Fault, c: Context, path: string): Promise<boolean> {
  if (fault.remaining <= 0) return false;
  if (fault.method !== '*' && fault.method !== c.req.method) return false;
  if (!fault.pattern.test(path)) return false;
  for (const [name, pattern] of fault.headers) {
    if (!pattern.test(c.req.header(name) ?? '')) return false;
  }
  // Hono keeps the read body, so the route still reads it afterwards.
  if (fault.body && !fault.body.test(await c.req.text().catch(() => ''))) return false;
  return true;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Closes the client's connection without an answer (Node server only; elsewhere a 502 stands in). */
function dropConnection(c: Context): Response {
  const socket = (c.env as { incoming?: { socket?: { destroy: () => void } } } | undefined)?.incoming?.socket;
  socket?.destroy();
  return c.json({ message: 'connection dropped' }, 502);
}

/**
 * Test mode only: answers chosen calls with a status, a delay or a dropped connection, a set
 * number of times. With `after`, the call is carried out and only its answer is delayed, replaced
 * or dropped: an order taken whose answer never reaches the shopper.
 */
export function createFaults() {
  const faults: Fault[] = [];

  const middleware: MiddlewareHandler = async (c, next) => {
    const path = new URL(c.req.url).pathname;
    let fault: Fault | undefined;
    for (const candidate of faults) {
      if (await matches(candidate, c, path)) {
        fault = candidate;
        break;
      }
    }
    if (!fault) {
      await next();
      return undefined;
    }
    fault.remaining -= 1;
    const answer = () =>
      fault.drop ? dropConnection(c) : c.json({ message: `injected fault ${fault.status}` }, fault.status as 500);
    const replaces = fault.status > 0 || fault.drop;
    if (!fault.after) {
      if (fault.delayMs > 0) await pause(fault.delayMs);
      if (replaces) return answer();
      await next();
      return undefined;
    }
    await next();
    if (fault.delayMs > 0) await pause(fault.delayMs);
    // The route has answered already: its answer is replaced, not returned.
    if (replaces) c.res = answer();
    return undefined;
  };

  const routes = new Hono()
    .post(
      '/',
      valid(
        'json',
        z.object({
          method: z.string().default('*'),
          path: z.string().min(1),
          headers: z.record(z.string(), z.string()).default({}),
          body: z.string().optional(),
          status: z.number().int().min(0).max(599).default(500),
          delay: z.number().int().min(0).max(60000).default(0),
          after: z.boolean().default(false),
          drop: z.boolean().default(false),
          times: z.number().int().min(1).max(1000).default(1),
        }),
      ),
      (c) => {
        const body = c.req.valid('json');
        let pattern: RegExp;
        let headers: Map<string, RegExp>;
        let bodyPattern: RegExp | null;
        try {
          pattern = new RegExp(body.path);
          headers = new Map(
            Object.entries(body.headers).map(([name, value]) => [name.toLowerCase(), new RegExp(value)]),
          );
          bodyPattern = body.body === undefined ? null : new RegExp(body.body);
        } catch {
          return c.json({ message: 'path: invalid pattern' }, 400);
        }
        faults.push({
          method: body.method.toUpperCase(),
          path: body.path,
          pattern,
          headers,
          body: bodyPattern,
          status: body.status,
          delayMs: body.delay,
          after: body.after,
          drop: body.drop,
          remaining: body.times,
        });
        return c.json({ ok: true, active: faults.filter((f) => f.remaining > 0).length });
      },
    )
    // With ?path= only the faults of that pattern end, so tests running side by side keep theirs.
    .delete('/', (c) => {
      const path = c.req.query('path');
      const kept = path === undefined ? [] : faults.filter((f) => f.path !== path);
      faults.splice(0, faults.length, ...kept);
      return c.json({ ok: true });
    });

  return { middleware, routes };
}
