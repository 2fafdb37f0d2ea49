import { isFields, optionalText, optionalTextOrNumber, type Fields } from '~/lib/api/read';

/** The signed-in person of GET a/user/. */
export interface User {
  id?: string | number;
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The answer of GET a/user/: the person (null without one or without an e-mail) and the whole
 * record, whose stored addresses the forms read.
 */
export interface UserRecord {
  user: User | null;
  /** The user's id even when the record has no e-mail yet. */
  id: string | number | undefined;
  /** The e-mail even when it is empty text. */
  email: string;
  record: Fields;
}

export function toUser(body: unknown): User | null {
  const user = isFields(body) ? body['user'] : null;
  if (!isFields(user) || typeof user['email'] !== 'string') return null;
  const read: User = { email: user['email'] };
  const id = optionalTextOrNumber(user['id']);
  if (id !== undefined) read.id = id;
  const firstName = optionalText(user['firstName']);
  if (firstName !== undefined) read.firstName = firstName;
  const lastName = optionalText(user['lastName']);
  if (lastName !== undefined) read.lastName = lastName;
  return read;
}

/** Any answer reads as a record (an empty one when it is not an object), as the forms always did. */
export function toUserRecord(body: unknown): UserRecord {
  const record = isFields(body) ? body : {};
  const user = isFields(record['user']) ? record['user'] : {};
  const id = user['id'];
  return {
    user: toUser(record),
    id: typeof id === 'string' || typeof id === 'number' ? id : undefined,
    email: typeof user['email'] === 'string' ? user['email'] : '',
    record,
  };
}
