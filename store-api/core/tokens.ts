import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Db } from './db.ts';
import { getMeta, setMeta } from './db.ts';

export interface AccessClaims {
  userid: number;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  department: string;
  /** The session (refresh-token family) the token was issued to, so a credential change can keep it. */
  sid?: string;
}

/** The signing secret lives in the database so tokens survive a restart on the file database. */
export function signingKey(db: Db): Uint8Array {
  let secret = getMeta(db, 'jwt_secret');
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    setMeta(db, 'jwt_secret', secret);
  }
  return new TextEncoder().encode(secret);
}

/**
 * An HS256 token is a pure function of its claims and times: signed again with the same issue
 * time, it is the same token (an idempotent refresh hands out the same pair twice).
 */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  lifetimeSeconds: number,
  issuedAtSeconds: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userid))
    .setIssuedAt(issuedAtSeconds)
    .setExpirationTime(issuedAtSeconds + lifetimeSeconds)
    .sign(key);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as unknown as AccessClaims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
