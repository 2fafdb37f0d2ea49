import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/**
 * zod validation for any part of a request; a failure answers 400 with a message naming the
 * first offending field, e.g. "basketNum: required".
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || target;
      const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
      return c.json({ message: `${field}: ${missing ? 'required' : (issue?.message ?? 'invalid')}` }, 400);
    }
    return undefined;
  });
}
