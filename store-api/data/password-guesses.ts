import type { Context } from 'hono';
import type { ApiContext } from '../core/context.ts';
import type { Db } from '../core/db.ts';
import { ApiError } from '../core/errors.ts';
import { clientAddress } from '../core/client.ts';
import { ACCOUNT_BACKOFF, CLIENT_BACKOFF, loginDelay, RATE_LIMIT_MESSAGE, windowStart } from '../rules/login-limit.ts';

/**
 * Password guesses, whichever way they come (a login, or the current password a signed-in change
 * asks for), count in one place per client and per account: a session held for a minute must not
 * buy more guesses than the login page gives.
 */
type Scope = 'client' | 'account';

function failureTimes(db: Db, scope: Scope, key: string, now: number): number[] {
  return (
    db
      .prepare('SELECT at FROM login_throttle WHERE scope = ? AND key = ? AND at > ?')
      .all(scope, key, windowStart(now)) as { at: number }[]
  ).map((row) => row.at);
}

/** Milliseconds this client must still wait before guessing this account's password; 0 when it may now. */
function waitBeforeGuess(db: Db, client: string, account: string, now: number, clientFreeFailures?: number): number {
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

/**
 * Checks a password guess for `account` under the limits: a client that must still wait gets 429
 * with Retry-After (the guess is not even checked); a wrong guess is counted, a right one clears
 * the account's count. Answers what `check` found (nothing: the guess was wrong).
 */
export function guessPassword<T>(
  c: Context,
  ctx: ApiContext,
  account: string,
  check: () => T | undefined,
): T | undefined {
  const { db } = ctx;
  const now = ctx.now().getTime();
  const client = clientAddress(c);
  const skipLimit = ctx.mode === 'test' && c.req.header('x-disable-rate-limit') === '1';
  if (!skipLimit) {
    const wait = waitBeforeGuess(db, client, account, now, ctx.loginClientFreeFailures);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new ApiError(429, RATE_LIMIT_MESSAGE);
    }
  }
  const found = check();
  if (found === undefined) {
    recordFailure(db, client, account, now);
    return undefined;
  }
  db.prepare("DELETE FROM login_throttle WHERE scope = 'account' AND key = ?").run(account);
  return found;
}
