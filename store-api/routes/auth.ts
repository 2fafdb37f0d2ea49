import { z } from 'zod';
import { valid } from '../core/validate.ts';
import { ApiError } from '../core/errors.ts';
import { signAccessToken } from '../core/tokens.ts';
import { isLoginLimited, RATE_LIMIT_MESSAGE, windowStart } from '../rules/login-limit.ts';
import { DEMO_ACCOUNTS, demoAddress } from '../seed/accounts.ts';
import {
  claimsOf,
  createUser,
  findUserByEmail,
  openSession,
  requireUserRow,
  revokeRefreshToken,
  rotateRefreshToken,
  verifyPassword,
} from '../data/users.ts';
import type { RouteModule } from './index.ts';

const trimmed = () => z.string().trim().min(1, 'required');

/** Sign-in, token refresh and sign-out. */
export const authModule: RouteModule = {
  name: 'auth',
  schema: `
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens (family);
CREATE TABLE IF NOT EXISTS login_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL COLLATE NOCASE,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_failures_username ON login_failures (username, at);
`,
  seed(db) {
    for (const account of DEMO_ACCOUNTS) {
      const address = demoAddress(account.firstName, account.lastName, account.email);
      createUser(db, { ...account, shipping: address, billing: address });
    }
  },
  register(app, ctx) {
    const { db } = ctx;

    app.post(
      '/v2/auth/login',
      valid('json', z.object({ tokenPrefix: z.string().optional(), username: trimmed(), password: trimmed(), role: z.string().optional() })),
      async (c) => {
        const { username, password } = c.req.valid('json');
        const now = ctx.now().getTime();
        const skipLimit = ctx.mode === 'test' && c.req.header('x-disable-rate-limit') === '1';
        if (!skipLimit) {
          const failures = db.prepare('SELECT at FROM login_failures WHERE username = ? AND at > ?').all(username, windowStart(now)) as { at: number }[];
          if (isLoginLimited(failures.map((f) => f.at), now)) throw new ApiError(429, RATE_LIMIT_MESSAGE);
        }
        const user = findUserByEmail(db, username);
        if (!user || !verifyPassword(password, user.password_hash)) {
          db.prepare('INSERT INTO login_failures (username, at) VALUES (?, ?)').run(username, now);
          throw new ApiError(401, 'Wrong username or password');
        }
        db.prepare('DELETE FROM login_failures WHERE username = ?').run(username);
        return c.json(await openSession(ctx, user));
      },
    );

    app.post('/v2/auth/refresh', valid('json', z.object({ tokenPrefix: z.string().optional(), refreshToken: trimmed() })), async (c) => {
      const { refreshToken } = c.req.valid('json');
      // Not in a transaction: revoking a stolen token's family must survive the 401 that follows.
      const rotated = rotateRefreshToken(db, refreshToken, ctx.now());
      const user = requireUserRow(db, rotated.userId);
      return c.json({ token: await signAccessToken(ctx.key, claimsOf(user), ctx.accessTokenLifetime), refreshToken: rotated.token });
    });

    app.post('/v2/auth/logout', valid('json', z.object({ tokenPrefix: z.string().optional(), refreshToken: z.string().optional() })), (c) => {
      const { refreshToken } = c.req.valid('json');
      if (refreshToken) revokeRefreshToken(db, refreshToken);
      return c.json({ ok: true });
    });
  },
};
