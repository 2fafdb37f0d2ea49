import type { MiddlewareHandler } from 'hono';

/** Largest request body the store API accepts (the site's proxy has the same limit). */
export const MAX_BODY_BYTES = 512 * 1024;
/**
 * An oversized upload is still read, and thrown away, up to this size before the 413 goes out.
 * Answering while the client is still sending and then closing leaves unread bytes on the
 * socket: the kernel answers them with a reset, which can wipe out the 413 before the client
 * reads it. Beyond this size reading on costs more than a lost answer is worth.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/**
 * How an oversized upload is answered: after reading it to its end (`drain`) while it fits the
 * drain budget, else at once on a connection that is closed afterwards. `null`: not oversized.
 */
export function oversizedBodyPlan(
  declaredLength: number | null,
  limit: number = MAX_BODY_BYTES,
  drainLimit: number = DRAIN_MAX_BYTES,
): 'drain' | 'close' | null {
  if (declaredLength === null) return 'drain';
  if (declaredLength <= limit) return null;
  return declaredLength <= drainLimit ? 'drain' : 'close';
}

function declaredLength(headers: Headers): number | null {
  if (headers.has('transfer-encoding')) return null;
  const value = headers.get('content-length');
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * Refuses bodies over `limit` with 413 and a JSON message that reaches the client whole.
 * A body within the limit is buffered and handed on, as hono's bodyLimit does.
 */
export function limitBody(limit: number = MAX_BODY_BYTES, drainLimit: number = DRAIN_MAX_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = declaredLength(c.req.raw.headers);
    let plan = oversizedBodyPlan(declared, limit, drainLimit);
    if (plan === null) return next();
    if (plan === 'drain') {
      const reader = body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size <= limit) chunks.push(value);
        if (size > drainLimit) {
          plan = 'close';
          await reader.cancel();
          break;
        }
      }
      if (size <= limit) {
        const whole = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          whole.set(chunk, offset);
          offset += chunk.byteLength;
        }
        c.req.raw = new Request(c.req.raw, { body: whole });
        return next();
      }
    }
    if (plan === 'close') c.header('Connection', 'close');
    return c.json({ message: 'payload too large' }, 413);
  };
}

/** Path and query longer than this answer 414 here, before Node's own empty 431 at 16 KB. */
export const MAX_URI_LENGTH = 8 * 1024;

export function isUriTooLong(url: URL): boolean {
  return url.pathname.length + url.search.length > MAX_URI_LENGTH;
}

export function limitUri(): MiddlewareHandler {
  return async (c, next) => {
    if (isUriTooLong(new URL(c.req.url))) return c.json({ message: 'URI too long' }, 414);
    return next();
  };
}

/** Deepest nesting of arrays and objects a JSON body may have; real payloads stay under 6. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, read without parsing (brackets
 * inside strings do not count). Deep nesting would otherwise exhaust the stack of whatever walks
 * the parsed value (validation, JSON.stringify) and answer 500.
 */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/** Refuses JSON bodies nested deeper than MAX_JSON_DEPTH with 400, before any route parses them. */
export function limitJsonDepth(max: number = MAX_JSON_DEPTH): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.raw.body || !(c.req.header('content-type') ?? '').includes('json')) return next();
    if (jsonNestsDeeperThan(await c.req.raw.clone().text(), max))
      return c.json({ message: `payload: nested more than ${max} levels deep` }, 400);
    return next();
  };
}
