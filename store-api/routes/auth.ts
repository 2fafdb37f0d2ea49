import { z } from 'zod';
import { valid } from '../core/validate.ts';
import { ApiError } from '../core/errors.ts';
import { signAccessToken } from '../core/tokens.ts';
import { clientAddress } from '../core/client.ts';
import type { Db } from '../core/db.ts';
import { ACCOUNT_BACKOFF, CLIENT_BACKOFF, loginDelay, RATE_LIMIT_MESSAGE, windowStart } from '../rules/login-limit.ts';
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

type Scope = 'client' | 'account';

function failureTimes(db: Db, scope: Scope, key: string, now: number): number[] {
  return (
    db
      .prepare('SELECT at FROM login_throttle WHERE scope = ? AND key = ? AND at > ?')
      .all(scope, key, windowStart(now)) as { at: number }[]
  ).map((row) => row.at);
}

/** Milliseconds this client must still wait before trying this account; 0 when it may try now. */
function waitBeforeLogin(
  db: Db,
  client: string,
  account: string,
  now: number,
  clientFreeFailures: number | undefined,
): number {
  const clientBackoff =
    clientFreeFailures === undefined ? CLIENT_BACKOFF : { ...CLIENT_BACKOFF, freeFailures: clientFreeFailures };
  return Math.max(
    loginDelay(failureTimes(db, 'client', client, now), now, clientBackoff),
    loginDelay(failureTimes(db, 'account', account, now), now, ACCOUNT_BACKOFF),
  );
}

function recordFailure(db: Db, client: string, account: string, now: number): void {
  const insert = db.prepare('INSERT INTO login_throttle (scope, key, at) VALUES (?, ?, ?)');
  insert.run('client', client, now);
  insert.run('account', account, now);
  // Failures older than the window count for nothing: they are not kept.
  db.prepare('DELETE FROM login_throttle WHERE at <= ?').run(windowStart(now));
}

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
      const now = ctx.now().getTime();
      const client = clientAddress(c);
      const skipLimit = ctx.mode === 'test' && c.req.header('x-disable-rate-limit') === '1';
      if (!skipLimit) {
        const wait = waitBeforeLogin(db, client, username, now, ctx.loginClientFreeFailures);
        if (wait > 0) {
          c.header('Retry-After', String(Math.ceil(wait / 1000)));
          throw new ApiError(429, RATE_LIMIT_MESSAGE);
        }
      }
      const user = authenticate(db, username, password);
      if (!user) {
        recordFailure(db, client, username, now);
        throw new ApiError(401, 'Wrong username or password');
      }
      db.prepare("DELETE FROM login_throttle WHERE scope = 'account' AND key = ?").run(username);
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
