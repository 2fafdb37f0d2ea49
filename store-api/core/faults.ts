import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { valid } from './validate.ts';

export interface Fault {
  method: string;
  /** The pattern as posted (RegExp.source escapes slashes, so it cannot be compared). */
  path: string;
  pattern: RegExp;
  status: number;
  delayMs: number;
  remaining: number;
}

/** Test mode only: answers chosen calls with a status or a delay, a set number of times. */
export function createFaults() {
  const faults: Fault[] = [];

  const middleware: MiddlewareHandler = async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const fault = faults.find(
      (f) => f.remaining > 0 && (f.method === '*' || f.method === c.req.method) && f.pattern.test(path),
    );
    if (fault) {
      fault.remaining -= 1;
      if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.status > 0) return c.json({ message: `injected fault ${fault.status}` }, fault.status as 500);
    }
    await next();
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
          status: z.number().int().min(0).max(599).default(500),
          delay: z.number().int().min(0).max(60000).default(0),
          times: z.number().int().min(1).max(1000).default(1),
        }),
      ),
      (c) => {
        const body = c.req.valid('json');
        let pattern: RegExp;
        try {
          pattern = new RegExp(body.path);
        } catch {
          return c.json({ message: 'path: invalid pattern' }, 400);
        }
        faults.push({ method: body.method.toUpperCase(), path: body.path, pattern, status: body.status, delayMs: body.delay, remaining: body.times });
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
