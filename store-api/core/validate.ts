import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * zod validation for any part of a request; a failure answers 400 with a message naming the
 * first offending field, e.g. "basketNum: required".
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || target;
      const missing = issue !== undefined && valueAt(result.data, issue.path) === undefined;
      return c.json({ message: `${field}: ${missing ? 'required' : (issue?.message ?? 'invalid')}` }, 400);
    }
    return undefined;
  });
}
