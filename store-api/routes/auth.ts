import { z } from 'zod';
import { valid } from '../core/validate.ts';
import { ApiError } from '../core/errors.ts';
import { signAccessToken } from '../core/tokens.ts';
import { guessPassword } from '../data/password-guesses.ts';
import { DEMO_ACCOUNTS, demoAddress } from '../seed/accounts.ts';
import {
  authenticate,
  claimsOf,
  createUser,
  endSession,
  endSessionOf,
  openSession,
  requireUserRow,
  rotateRefreshToken,
} from '../data/users.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, failures, json, jsonBody, ok } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';
import { sessionAnswer } from '../core/answers.ts';

const trimmed = () => z.string().trim().min(1, 'required');

const loginBody = z.object({
  tokenPrefix: z.string().optional(),
  username: trimmed(),
  password: trimmed(),
  role: z.string().optional(),
});
const refreshBody = z.object({ tokenPrefix: z.string().optional(), refreshToken: trimmed() });
const logoutBody = z.object({ tokenPrefix: z.string().optional(), refreshToken: z.string().optional() });

export const login = createRoute({
  method: 'post',
  path: '/v2/auth/login',
  summary: 'Sign in',
  request: { body: jsonBody(loginBody) },
  responses: { 200: json(sessionAnswer, 'Signed in'), ...failures(400, 401, 429) },
});
export const refresh = createRoute({
  method: 'post',
  path: '/v2/auth/refresh',
  summary:
    'New access token; the refresh token rotates. The same refresh token again within 5 s gets the same pair; later, the session ends',
  request: { body: jsonBody(refreshBody) },
  responses: { 200: json(z.object({ token: z.string(), refreshToken: z.string() })), ...failures(400, 401) },
});
export const logout = createRoute({
  method: 'post',
  path: '/v2/auth/logout',
  summary: 'Sign out: the session ends, its access tokens are refused from now on',
  request: { body: jsonBody(logoutBody) },
  responses: { 200: json(ok), ...failures(400) },
});

/** Sign-in, token refresh and sign-out. */
export const authModule: RouteModule = {
  name: 'auth',
  operations: [login, refresh, logout],
  schema: `
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  rotated_at INTEGER
);
CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens (family);
DROP TABLE IF EXISTS login_failures;
CREATE TABLE IF NOT EXISTS login_throttle (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL,
  key TEXT NOT NULL COLLATE NOCASE,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_throttle_key ON login_throttle (scope, key, at);
`,
  seed(db) {
    for (const account of DEMO_ACCOUNTS) {
      const address = demoAddress(account.firstName, account.lastName, account.email);
      createUser(db, { ...account, shipping: address, billing: address });
    }
  },
  register(app, ctx) {
    const { db } = ctx;

    app.on(...at(login), valid('json', loginBody), async (c) => {
      const { username, password } = c.req.valid('json');
      const user = guessPassword(c, ctx, username, () => authenticate(db, username, password));
      if (!user) throw new ApiError(401, 'Wrong username or password');
      return c.json(await openSession(ctx, user));
    });

    app.on(...at(refresh), valid('json', refreshBody), async (c) => {
      const { refreshToken } = c.req.valid('json');
      // Not in a transaction: revoking a stolen token's family must survive the 401 that follows.
      const rotated = rotateRefreshToken(db, ctx.key, refreshToken, ctx.now());
      const user = requireUserRow(db, rotated.userId);
      const token = await signAccessToken(
        ctx.key,
        { ...claimsOf(user), sid: rotated.family },
        ctx.accessTokenLifetime,
        Math.floor(rotated.rotatedAt / 1000),
      );
      return c.json({ token, refreshToken: rotated.token });
    });

    app.on(...at(logout), valid('json', logoutBody), (c) => {
      const { refreshToken } = c.req.valid('json');
      if (refreshToken) endSessionOf(db, refreshToken);
      const sid = c.get('user')?.sid;
      if (sid) endSession(db, sid);
      return c.json({ ok: true });
    });
  },
};
