import { isFields } from '~/lib/api/read';

/** The person a login answer (or a token's claims) names. */
export interface SessionUser {
  userid?: string | number;
  id?: string | number;
  firstName?: string;
  lastName?: string;
  role?: string;
  department?: string;
}

/** The tokens a login or a refresh hands out. */
export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/** Login, account creation and a subscriber's update: tokens plus the person. */
export interface SignedIn extends SessionTokens {
  user?: SessionUser;
}

const ID_FIELDS = ['userid', 'id'] as const;
const TEXT_FIELDS = ['firstName', 'lastName', 'role', 'department'] as const;

const isId = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** A field of the wrong kind makes the whole person unreadable, as a wrong token does the answer. */
function toSessionUser(value: unknown): SessionUser | null {
  if (!isFields(value)) return null;
  const user: SessionUser = {};
  for (const field of ID_FIELDS) {
    const entry = value[field];
    if (entry === undefined) continue;
    if (!isId(entry)) return null;
    user[field] = entry;
  }
  for (const field of TEXT_FIELDS) {
    const entry = value[field];
    if (entry === undefined) continue;
    if (typeof entry !== 'string') return null;
    user[field] = entry;
  }
  return user;
}

/** Both tokens as non-empty text; null otherwise. */
export function toSessionTokens(body: unknown): SessionTokens | null {
  if (!isFields(body)) return null;
  const { token, refreshToken } = body;
  if (typeof token !== 'string' || token === '' || typeof refreshToken !== 'string' || refreshToken === '') return null;
  return { token, refreshToken };
}

/** A login answer; null when it lacks a token or names a person it cannot read. */
export function toSignedIn(body: unknown): SignedIn | null {
  const tokens = toSessionTokens(body);
  if (!tokens || !isFields(body) || body['user'] === undefined) return tokens;
  const user = toSessionUser(body['user']);
  return user ? { ...tokens, user } : null;
}
