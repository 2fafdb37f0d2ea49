/** A failure the API answers as JSON {message} with a status; anything else is a 500 without details. */
export class ApiError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message = 'not found') => new ApiError(404, message);

// Primary SQLite result codes (the low byte of an extended code) that mean "try again later".
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;

const UNAVAILABLE_MESSAGES: Readonly<Record<number, string>> = {
  [SQLITE_BUSY]: 'database busy, try again shortly',
  [SQLITE_LOCKED]: 'database busy, try again shortly',
  [SQLITE_READONLY]: 'database is read-only, try again later',
  [SQLITE_IOERR]: 'storage unavailable, try again later',
  [SQLITE_FULL]: 'storage full, try again later',
};

/**
 * The message of a 503 for a database that cannot take the call right now (locked, full,
 * read-only, failing disk), or null for any other error. The request was sound: the client may
 * send it again, so it must not read as a 500.
 */
export function unavailableMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return null;
  return UNAVAILABLE_MESSAGES[errcode & 0xff] ?? null;
}
