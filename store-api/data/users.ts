import { createHash, createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Db } from '../core/db.ts';
import { ApiError, notFound } from '../core/errors.ts';
import type { ApiContext } from '../core/context.ts';
import { signAccessToken, type AccessClaims } from '../core/tokens.ts';

/** Users, password hashes and the refresh tokens of their sessions. */

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  role: string;
  first_name: string;
  last_name: string;
  department: string;
  subscription: number;
  shipping_json: string | null;
  billing_json: string | null;
}

export const EMAIL_TAKEN_MESSAGE = 'An account already exists with this email address';
export const OLD_PASSWORD_MESSAGE = "Old password doesn't match to the password on users record";
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct';
export const CURRENT_PASSWORD_NEEDED_MESSAGE = 'Changing the e-mail address needs the current password';
export const REFRESH_TOKEN_DAYS = 30;
/**
 * How long a spent refresh token still gets the pair it was exchanged for. Stateless site
 * instances behind a balancer renew independently: two pages opened at once after the access
 * token expired send the same refresh token from two instances, and the second must not look
 * like theft. Past the window a spent token is reuse, and ends the session.
 */
export const REFRESH_REPLAY_WINDOW_MS = 5_000;

const SCRYPT = { N: 16384, r: 8, p: 1 } as const;

/** scrypt$N$r$p$salt$hash, all parameters kept so they can be raised later. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(expected, actual);
}

let dummyHash: string | undefined;

/**
 * The user for these credentials, or undefined. An unknown username costs the same password
 * hashing as a known one, so the answer's timing does not tell which addresses have accounts.
 */
export function authenticate(
  db: Db,
  username: string,
  password: string,
  verify: (password: string, stored: string) => boolean = verifyPassword,
): UserRow | undefined {
  const user = findUserByEmail(db, username);
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  const matches = verify(password, user?.password_hash ?? dummyHash);
  return user && matches ? user : undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim()) as UserRow | undefined;
}

export function findUser(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function requireUserRow(db: Db, id: number): UserRow {
  const user = findUser(db, id);
  if (!user) throw notFound('user not found');
  return user;
}

export interface NewUser {
  email: string;
  password: string;
  role: string;
  firstName: string;
  lastName: string;
  subscription?: number;
  shipping?: unknown;
  billing?: unknown;
}

export function createUser(db: Db, user: NewUser): UserRow {
  if (findUserByEmail(db, user.email)) throw new ApiError(422, EMAIL_TAKEN_MESSAGE);
  const result = db
    .prepare(
      'INSERT INTO users (email, password_hash, role, first_name, last_name, subscription, shipping_json, billing_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      user.email.trim(),
      hashPassword(user.password),
      user.role,
      user.firstName,
      user.lastName,
      user.subscription ?? 1,
      user.shipping === undefined ? null : JSON.stringify(user.shipping),
      user.billing === undefined ? null : JSON.stringify(user.billing),
    );
  return requireUserRow(db, Number(result.lastInsertRowid));
}

export function claimsOf(user: UserRow): AccessClaims {
  return {
    userid: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    role: user.role,
    department: user.department,
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Refresh tokens are random, stored only as a hash, and belong to a family (the session) that rotation keeps. */
export function issueRefreshToken(
  db: Db,
  userId: number,
  now: Date,
  family: string = randomBytes(8).toString('hex'),
  token: string = randomBytes(32).toString('base64url'),
): string {
  const expires = now.getTime() + REFRESH_TOKEN_DAYS * 86400 * 1000;
  db.prepare('INSERT INTO refresh_tokens (token_hash, user_id, family, expires_at) VALUES (?, ?, ?, ?)').run(
    sha256(token),
    userId,
    family,
    expires,
  );
  return token;
}

/**
 * The token a refresh token is exchanged for, derived from it with the signing key: presented
 * again within the replay window, the spent token gets the same successor without any token
 * being kept in the clear.
 */
function successorOf(key: Uint8Array, token: string): string {
  return createHmac('sha256', key).update(`refresh-successor:${token}`).digest('base64url');
}

interface RefreshRow {
  token_hash: string;
  user_id: number;
  family: string;
  expires_at: number;
  revoked: number;
  rotated_at: number | null;
}

/** A session lives while one of its refresh tokens is unspent. */
function sessionIsLive(db: Db, family: string): boolean {
  return db.prepare('SELECT 1 FROM refresh_tokens WHERE family = ? AND revoked = 0 LIMIT 1').get(family) !== undefined;
}

/** Ends a session: every refresh token of its family, and so (core/auth.ts) every access token of it. */
export function endSession(db: Db, family: string): void {
  db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(family);
}

/** Whether a spent token presented again is the same exchange repeated, not reuse. */
export function isReplayWithinWindow(rotatedAt: number | null, now: number): boolean {
  return rotatedAt !== null && now - rotatedAt >= 0 && now - rotatedAt <= REFRESH_REPLAY_WINDOW_MS;
}

export interface Rotation {
  userId: number;
  token: string;
  family: string;
  /** When the token was exchanged: the successor access token is signed as of then, so a replay gets the same one. */
  rotatedAt: number;
}

/**
 * Spends a refresh token for its successor. The same token presented again within
 * REFRESH_REPLAY_WINDOW_MS of its exchange gets the same successor while the session lives; any
 * other second use is reuse (theft) and ends the whole session.
 */
export function rotateRefreshToken(db: Db, key: Uint8Array, token: string, now: Date): Rotation {
  const row = db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(sha256(token)) as
    RefreshRow | undefined;
  if (!row) throw new ApiError(401, 'invalid refresh token');
  if (row.revoked) {
    if (row.rotated_at !== null && isReplayWithinWindow(row.rotated_at, now.getTime()) && sessionIsLive(db, row.family))
      return { userId: row.user_id, token: successorOf(key, token), family: row.family, rotatedAt: row.rotated_at };
    endSession(db, row.family);
    throw new ApiError(401, 'invalid refresh token');
  }
  if (row.expires_at <= now.getTime()) throw new ApiError(401, 'refresh token expired');
  db.prepare('UPDATE refresh_tokens SET revoked = 1, rotated_at = ? WHERE token_hash = ?').run(
    now.getTime(),
    row.token_hash,
  );
  const successor = issueRefreshToken(db, row.user_id, now, row.family, successorOf(key, token));
  return { userId: row.user_id, token: successor, family: row.family, rotatedAt: now.getTime() };
}

/** Logout: the session of this refresh token ends, its access tokens with it. */
export function endSessionOf(db: Db, token: string): void {
  const row = db.prepare('SELECT family FROM refresh_tokens WHERE token_hash = ?').get(sha256(token)) as
    { family: string } | undefined;
  if (row) endSession(db, row.family);
}

/**
 * Ends every session of the user but the one making the call (`keepSession`, the `sid` of its
 * access token): after a password or e-mail change, whoever else was signed in must sign in again.
 */
export function revokeOtherSessions(db: Db, userId: number, keepSession: string | undefined): void {
  db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ? AND family IS NOT ?').run(
    userId,
    keepSession ?? null,
  );
}

export function hashResetToken(token: string): string {
  return sha256(token);
}

/** The answer of login and sign-up: a short-lived access token, a refresh token and the user. */
export async function openSession(ctx: ApiContext, user: UserRow) {
  const claims = claimsOf(user);
  const session = randomBytes(8).toString('hex');
  const token = await signAccessToken(ctx.key, { ...claims, sid: session }, ctx.accessTokenLifetime);
  return { token, refreshToken: issueRefreshToken(ctx.db, user.id, ctx.now(), session), user: claims };
}

export function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
