import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '~/lib/session/claims';
import { cartEditor, currentUser } from '~/lib/session/current-user';
import type { Session } from '~/lib/session/session';

const customer: SessionClaims = {
  userid: 7,
  firstName: 'Ana',
  lastName: 'Lee',
  role: 'customer',
  department: 'sales',
  guest: false,
};
const admin: SessionClaims = { ...customer, department: 'admin' };
const anonymous: Session = { kind: 'anonymous' };
const guest: Session = { kind: 'guest', basketNum: 'B1' };
const signedIn: Session = { kind: 'customer', claims: customer };

describe('current user flags', () => {
  it('is authorized when signed in, subscribers included', () => {
    expect(currentUser(signedIn).isAuthorized).toBe(true);
    expect(currentUser({ kind: 'subscriber', claims: { role: 'subscriber' } }).isAuthorized).toBe(true);
    expect(currentUser(anonymous).isAuthorized).toBe(false);
    expect(currentUser({ kind: 'anonymous', lapsed: customer }).isAuthorized).toBe(false);
    expect(currentUser(guest)).toMatchObject({ isGuest: true, isAuthorized: false });
  });

  it('reads edit and guest flags of the address', () => {
    const almost = currentUser(anonymous, new URLSearchParams('guest=true'));
    expect(almost.isAlmostGuest).toBe(true);
    const guestEdit = currentUser(guest, new URLSearchParams('edit=true&guest=true'));
    expect(guestEdit).toMatchObject({ isEdit: true, isGuest: true, isAlmostGuest: false });
    const customerEdit = currentUser(signedIn, new URLSearchParams('edit=true&guest=true'));
    expect(customerEdit).toMatchObject({ isEdit: true, isAlmostGuest: false });
    expect(currentUser(anonymous)).toMatchObject({ isEdit: false, isAlmostGuest: false });
  });

  it('marks an admin whose tokens are gone as logged-out admin', () => {
    expect(currentUser({ kind: 'anonymous', lapsed: admin }).isLoggedOutAdmin).toBe(true);
    expect(currentUser({ kind: 'customer', claims: admin }).isLoggedOutAdmin).toBe(false);
    expect(currentUser(guest).isLoggedOutAdmin).toBe(false);
    expect(currentUser({ kind: 'anonymous', lapsed: customer }).isLoggedOutAdmin).toBe(false);
    expect(currentUser(anonymous).isLoggedOutAdmin).toBe(false);
  });

  it('gives the cart only what decides its reloads', () => {
    expect(cartEditor(signedIn)).toEqual({ isAuthorized: true, isGuest: false, isAlmostGuest: false });
    expect(cartEditor(guest, new URLSearchParams('guest=true'))).toEqual({
      isAuthorized: false,
      isGuest: true,
      isAlmostGuest: false,
    });
    expect(cartEditor(anonymous, new URLSearchParams('guest=true'))).toEqual({
      isAuthorized: false,
      isGuest: false,
      isAlmostGuest: true,
    });
  });
});
