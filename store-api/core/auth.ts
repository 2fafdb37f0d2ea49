import type { MiddlewareHandler } from 'hono';
import type { ApiContext, ApiEnv } from './context.ts';
import { verifyAccessToken } from './tokens.ts';

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1];
}

/** Reads the bearer token when present; calls that need a user use requireUser. */
export function readUser(ctx: ApiContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    c.set('user', null);
    if (token) {
      const result = await verifyAccessToken(ctx.key, token);
      if (result.ok) c.set('user', result.claims);
      else return c.json({ message: result.reason === 'expired' ? 'token expired' : 'invalid token' }, 401);
    }
    await next();
    return undefined;
  };
}

export const requireUser: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.get('user')) return c.json({ message: 'user is not logged in' }, 401);
  await next();
  return undefined;
};
