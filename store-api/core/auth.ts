import type { MiddlewareHandler } from 'hono';
import type { ApiContext, ApiEnv } from './context.ts';
import type { Db } from './db.ts';
import { verifyAccessToken } from './tokens.ts';

export const SESSION_ENDED_MESSAGE = 'session ended';

/**
 * A session (the `sid` of its access tokens, the family of its refresh tokens) lives while one of
 * its refresh tokens is unspent. Logout and token-reuse detection revoke them all, so the access
 * tokens of an ended session are refused at once, not when they expire.
 */
function sessionHasEnded(db: Db, sid: string | undefined): boolean {
  if (sid === undefined) return false;
  return db.prepare('SELECT 1 FROM refresh_tokens WHERE family = ? AND revoked = 0 LIMIT 1').get(sid) === undefined;
}

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
      if (!result.ok) return c.json({ message: result.reason === 'expired' ? 'token expired' : 'invalid token' }, 401);
      if (sessionHasEnded(ctx.db, result.claims.sid)) return c.json({ message: SESSION_ENDED_MESSAGE }, 401);
      c.set('user', result.claims);
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
