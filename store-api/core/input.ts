import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from '../core/errors.ts';

/**
 * Reads a JSON body without trusting it: no body is `undefined`; text that is not JSON answers
 * 400 `payload: invalid JSON` (never a 500).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text().catch(() => '');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('payload: invalid JSON');
  }
}

/** zod parse whose failure answers 400 naming the first field, e.g. "payType: required". */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  target = 'payload',
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || target;
  const missing = issue !== undefined && valueAt(value, issue.path) === undefined;
  throw badRequest(`${field}: ${missing ? 'required' : (issue?.message ?? 'invalid')}`);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
