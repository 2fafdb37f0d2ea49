import { describe, expect, it } from 'vitest';
import { decideAccess, permissionFor, sessionEndedTarget } from '~/features/session/guard';
import type { Role } from '~/lib/session/claims';
import { sessionOf as realSessionOf, type Session } from '~/lib/session/session';

type Viewer = 'anonymous' | 'guest' | 'customer';

/** The session behind a header state: a signed-in person with a subscriber's role is a subscriber. */
function sessionOf(viewer: Viewer, role: Role | undefined): Session {
  if (viewer === 'guest') return { kind: 'guest', basketNum: 'B1' };
  if (viewer === 'anonymous' || !role) return { kind: 'anonymous' };
  return { kind: role === 'subscriber' ? 'subscriber' : 'customer', claims: { role } };
}

const cases: Array<[route: string, viewer: Viewer, role: Role | undefined, expected: string | true]> = [
  ['/', 'anonymous', undefined, true],
  ['/signin/', 'anonymous', undefined, true],
  ['/login/', 'customer', 'customer', true],
  ['/account-settings/', 'anonymous', undefined, '/login/'],
  ['/account-settings/', 'guest', undefined, '/login/'],
  // A signed-in subscriber becomes a customer on the customer form, not by logging in again.
  ['/account-settings/', 'customer', 'subscriber', '/customer-form/'],
  ['/order-history/', 'customer', 'subscriber', '/customer-form/'],
  ['/account-settings/', 'customer', 'customer', true],
  ['/account-settings/', 'customer', 'acai', true],
  ['/order-history/', 'anonymous', undefined, '/login/'],
  ['/order-history/', 'customer', 'acai', true],
  ['/review-order/', 'anonymous', undefined, '/signin/'],
  ['/review-order/', 'guest', undefined, true],
  ['/review-order/', 'customer', 'customer', true],
  ['/review-order/', 'customer', 'subscriber', '/customer-form/'],
  ['/payment-success/', 'customer', 'subscriber', '/customer-form/'],
  ['/payment-success/', 'guest', undefined, true],
  ['/payment-success/', 'anonymous', undefined, '/signin/'],
  ['/customer-form/', 'anonymous', undefined, true],
];

describe('route guard decisions', () => {
  it.each(cases)('%s for %s (%s)', (route, viewer, role, expected) => {
    const decision = decideAccess(permissionFor(route), sessionOf(viewer, role));
    if (expected === true) expect(decision).toEqual({ allowed: true });
    else expect(decision).toEqual({ allowed: false, redirectTo: expected });
  });

  it('review order asks for a basket first and sends a visitor without one to the cart, whoever they are', () => {
    const review = permissionFor('/review-order/');
    const noBasket = { allowed: false, redirectTo: '/', noBasket: true };
    expect(decideAccess(review, sessionOf('anonymous', undefined), false)).toEqual(noBasket);
    expect(decideAccess(review, sessionOf('customer', 'customer'), false)).toEqual(noBasket);
    expect(decideAccess(review, sessionOf('anonymous', undefined), true)).toEqual({
      allowed: false,
      redirectTo: '/signin/',
    });
    // Other pages do not ask.
    expect(decideAccess(permissionFor('/order-history/'), sessionOf('customer', 'acai'), false)).toEqual({
      allowed: true,
    });
  });

  it('an "authorized" permission needs a signed-in customer', () => {
    const route = { permission: 'authorized' as const, deniedTo: '/signin/' };
    expect(decideAccess(route, sessionOf('customer', 'subscriber'))).toEqual({ allowed: true });
    expect(decideAccess(route, sessionOf('guest', undefined))).toEqual({ allowed: false, redirectTo: '/signin/' });
  });
});

describe('a guest record that is no record (shopping spec section 4)', () => {
  const broken = realSessionOf({ claims: null, hasToken: false, guestRecord: 'undefined' });

  it('the literal text "undefined" makes no guest, and a guest page refuses it as a guest authorization error', () => {
    expect(broken).toEqual({ kind: 'anonymous', guestAuthFailed: true });
    expect(decideAccess(permissionFor('/review-order/'), broken)).toEqual({
      allowed: false,
      redirectTo: '/signin/',
      guestAuthError: true,
    });
    expect(decideAccess(permissionFor('/order-history/'), broken)).toEqual({ allowed: false, redirectTo: '/login/' });
    expect(realSessionOf({ claims: null, hasToken: false, guestRecord: undefined })).toEqual({ kind: 'anonymous' });
  });
});

describe('where a page sends a visitor whose session just ended', () => {
  it('a public page again, saying so; any other to login, saying so and coming back', () => {
    expect(sessionEndedTarget('public', '/return-policy/?x=1', 'en')).toBe('/return-policy/?x=1&logOut=true');
    expect(sessionEndedTarget(permissionFor('/account-settings/').permission, '/fr/account-settings/', 'fr')).toBe(
      '/fr/login/?logOut=true&redirect=%2Ffr%2Faccount-settings%2F',
    );
  });
});
