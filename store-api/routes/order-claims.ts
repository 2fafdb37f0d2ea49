import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { requireUser } from '../core/auth.ts';
import { transaction } from '../core/db.ts';
import { ApiError } from '../core/errors.ts';
import { valid } from '../core/validate.ts';
import { requireUserRow } from '../data/users.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, bearer, failures, json, jsonBody } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

/**
 * Guest orders join an account only by proof that the account holder reads the mailbox they
 * were placed under: a signed-in customer asks, the store mails a one-time claim token to the
 * account's address, and the customer sends it back. An e-mail address typed into an account
 * proves nothing, since nobody has confirmed it.
 */
export const CLAIM_LIFETIME_MS = 24 * 3600 * 1000;
export const CLAIM_ANSWER =
  'If guest orders were placed under your e-mail address, we have sent it a code to add them to your account.';
export const CLAIM_REFUSED_MESSAGE = 'This code is not valid for your account';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface ClaimRow {
  token_hash: string;
  user_id: number;
  email: string;
  created_at: string;
  expires_at: number;
  used: number;
}

const confirmBody = z.object({ token: z.string().trim().min(1).max(200) });
const claim = createRoute({
  method: 'post',
  path: '/v2/orders/claims',
  summary: "Mails a claim code for guest orders under the account's address (the same answer either way)",
  security: bearer,
  responses: { 202: json(z.object({ message: z.string() }), 'Accepted'), ...failures(401) },
});
const confirmClaim = createRoute({
  method: 'post',
  path: '/v2/orders/claims/confirm',
  summary: 'Joins the claimed guest orders to the account',
  security: bearer,
  request: { body: jsonBody(confirmBody) },
  responses: { 200: json(z.object({ claimed: z.number().int() })), ...failures(400, 401, 403) },
});

export const orderClaimsModule: RouteModule = {
  name: 'order-claims',
  operations: [claim, confirmClaim],
  schema: `
CREATE TABLE IF NOT EXISTS order_claims (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  body_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
  register(app, ctx) {
    const { db } = ctx;

    // The same answer whether or not guest orders exist, so it tells nothing about the address.
    app.on(...at(claim), requireUser, (c) => {
      const user = requireUserRow(db, c.get('user')?.userid ?? 0);
      const now = ctx.now();
      const waiting = db
        .prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id IS NULL AND email = ?')
        .get(user.email) as { n: number };
      if (waiting.n > 0) {
        const token = randomBytes(24).toString('base64url');
        transaction(db, () => {
          db.prepare(
            'INSERT INTO order_claims (token_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
          ).run(sha256(token), user.id, user.email, now.toISOString(), now.getTime() + CLAIM_LIFETIME_MS);
          db.prepare('INSERT INTO mail_outbox (to_address, subject, body_json, created_at) VALUES (?, ?, ?, ?)').run(
            user.email,
            'Add your guest orders to your account',
            JSON.stringify({ claimToken: token }),
            now.toISOString(),
          );
        });
      }
      return c.json({ message: CLAIM_ANSWER }, 202);
    });

    app.on(...at(confirmClaim), requireUser, valid('json', confirmBody), (c) => {
      const user = requireUserRow(db, c.get('user')?.userid ?? 0);
      const now = ctx.now();
      const claimed = transaction(db, () => {
        const claim = db
          .prepare('SELECT * FROM order_claims WHERE token_hash = ?')
          .get(sha256(c.req.valid('json').token)) as ClaimRow | undefined;
        // Bound to the account that asked and to the address it had then: changing the account's
        // e-mail after asking does not widen what the code reaches.
        const usable =
          claim &&
          !claim.used &&
          claim.expires_at > now.getTime() &&
          claim.user_id === user.id &&
          claim.email.toLowerCase() === user.email.toLowerCase();
        if (!claim || !usable) throw new ApiError(403, CLAIM_REFUSED_MESSAGE);
        db.prepare('UPDATE order_claims SET used = 1 WHERE token_hash = ?').run(claim.token_hash);
        return db
          .prepare('UPDATE orders SET user_id = ? WHERE user_id IS NULL AND email = ? AND date_ordered <= ?')
          .run(user.id, claim.email, claim.created_at).changes;
      });
      return c.json({ claimed: Number(claimed) });
    });

    if (ctx.mode === 'test') {
      // What the store would have mailed: the reference API has no mail server.
      app.get('/__test/mail', valid('query', z.object({ to: z.string().max(254) })), (c) => {
        const rows = db
          .prepare('SELECT subject, body_json, created_at FROM mail_outbox WHERE to_address = ? ORDER BY id')
          .all(c.req.valid('query').to) as {
          subject: string;
          body_json: string;
          created_at: string;
        }[];
        return c.json(
          rows.map((row) => ({
            subject: row.subject,
            created_at: row.created_at,
            body: JSON.parse(row.body_json) as unknown,
          })),
        );
      });
    }
  },
};
