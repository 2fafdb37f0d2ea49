import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '~/lib/session/claims';
import { isGuestRecord, isSignedIn, sessionOf, sessionRole, type Session } from '~/lib/session/session';

const customer: SessionClaims = {
  userid: 7,
  firstName: 'Ana',
  lastName: 'Lee',
  role: 'customer',
  department: 'sales',
  guest: false,
};
const subscriber: SessionClaims = { userid: 8, role: 'subscriber', guest: false };

describe('the session of a request', () => {
  it('is signed in only with the claims and a token', () => {
    expect(sessionOf({ claims: customer, hasToken: true, guestRecord: undefined })).toEqual({
      kind: 'customer',
      claims: customer,
    });
    expect(sessionOf({ claims: customer, hasToken: false, guestRecord: undefined })).toEqual({
      kind: 'anonymous',
      lapsed: customer,
    });
    expect(sessionOf({ claims: null, hasToken: true, guestRecord: undefined })).toEqual({ kind: 'anonymous' });
  });

  it('keeps id, names, role and department of the claims for a signed-in person', () => {
    const session = sessionOf({ claims: customer, hasToken: true, guestRecord: undefined });
    expect(session).toMatchObject({
      claims: { userid: 7, firstName: 'Ana', lastName: 'Lee', role: 'customer', department: 'sales' },
    });
  });

  it('tells a subscriber from a customer, acai counting as a customer', () => {
    expect(sessionOf({ claims: subscriber, hasToken: true, guestRecord: undefined }).kind).toBe('subscriber');
    expect(sessionOf({ claims: { ...customer, role: 'acai' }, hasToken: true, guestRecord: undefined }).kind).toBe(
      'customer',
    );
  });

  it('recognises a guest by a guest record that is not the literal "undefined"', () => {
    expect(sessionOf({ claims: null, hasToken: false, guestRecord: 'B123' })).toEqual({
      kind: 'guest',
      basketNum: 'B123',
    });
    expect(sessionOf({ claims: null, hasToken: false, guestRecord: 'undefined' }).kind).toBe('anonymous');
    expect(sessionOf({ claims: null, hasToken: false, guestRecord: '' }).kind).toBe('anonymous');
    expect(sessionOf({ claims: customer, hasToken: true, guestRecord: 'B9' }).kind).toBe('guest');
    expect(isGuestRecord('B1')).toBe(true);
    expect(isGuestRecord(null)).toBe(false);
  });

  it('never signs in by a guest role in the claims, nor makes a guest without the guest record', () => {
    const guestClaims: SessionClaims = { role: 'guest', guest: true };
    expect(sessionOf({ claims: guestClaims, hasToken: true, guestRecord: undefined }).kind).toBe('anonymous');
    expect(sessionOf({ claims: guestClaims, hasToken: false, guestRecord: undefined }).kind).toBe('anonymous');
  });
});

describe('the role route permissions see', () => {
  const cases: Array<[Session, string | undefined, boolean]> = [
    [{ kind: 'anonymous' }, undefined, false],
    [{ kind: 'anonymous', lapsed: customer }, undefined, false],
    [{ kind: 'guest', basketNum: 'B1' }, 'guest', false],
    [{ kind: 'customer', claims: customer }, 'customer', true],
    [{ kind: 'customer', claims: { ...customer, role: 'acai' } }, 'acai', true],
    [{ kind: 'subscriber', claims: subscriber }, 'subscriber', true],
  ];
  it.each(cases)('%o has role %s (signed in: %s)', (session, role, signedIn) => {
    expect(sessionRole(session)).toBe(role);
    expect(isSignedIn(session)).toBe(signedIn);
  });
});
