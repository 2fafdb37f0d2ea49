import { isSignedIn, type Session } from './session';

/**
 * The spec's current-user flags (shopping §3, checkout §3) that pages and islands read. The rest
 * of the spec's list (id, names, department, isGuestEdit, isAdmin) is read from the session itself
 * where needed, or by no one.
 */
export interface CurrentUser {
  isAuthorized: boolean;
  isGuest: boolean;
  /** Chose "continue as guest" (guest=true) and has no guest record yet. */
  isAlmostGuest: boolean;
  /** edit=true: came back to change what was entered. */
  isEdit: boolean;
  /** Someone of the admin department whose session ended: the login page offers "Login as admin" (shopping §6). */
  isLoggedOutAdmin: boolean;
}

/** What the cart needs to know of the person editing it (shopping §4: who marks shipping for reload). */
export type CartEditor = Pick<CurrentUser, 'isAuthorized' | 'isGuest' | 'isAlmostGuest'>;

export const ADMIN_DEPARTMENT = 'admin';

export function currentUser(session: Session, query?: URLSearchParams): CurrentUser {
  const isAuthorized = isSignedIn(session);
  const isGuest = session.kind === 'guest';
  return {
    isAuthorized,
    isGuest,
    isAlmostGuest: session.kind === 'anonymous' && query?.get('guest') === 'true',
    isEdit: query?.get('edit') === 'true',
    isLoggedOutAdmin: session.kind === 'anonymous' && session.lapsed?.department === ADMIN_DEPARTMENT,
  };
}

export function cartEditor(session: Session, query?: URLSearchParams): CartEditor {
  const { isAuthorized, isGuest, isAlmostGuest } = currentUser(session, query);
  return { isAuthorized, isGuest, isAlmostGuest };
}
